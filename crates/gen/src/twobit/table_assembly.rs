//! A compact or parity table put together from the pieces of its distance
//! section, in any order: how the process that writes the table of a
//! search run by several takes every range's entries as they arrive.

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use godtab_puzzles::Definition;
use godtab_runtime::{Checksum, Counts, Encoding, packed_head};

use super::resumable::patch_checksum;
use crate::{GENERATOR, GenError};

/// A table being written from pieces (see the module docs): the header
/// first, then each piece at its place; the checksum is taken at the end.
pub struct TableAssembly {
    pending: godtab_files::PendingWrite,
    /// Where the distance section starts, and its length.
    section_at: u64,
    section_len: u64,
    file_len: u64,
    /// Bytes of the section written so far.
    written: u64,
}

impl TableAssembly {
    /// Starts the table of `definition` in `encoding`, with the levels of
    /// `histogram`, at `target` (which is replaced when it is finished).
    ///
    /// # Errors
    ///
    /// [`GenError::Encode`] for a histogram no table can hold,
    /// [`GenError::NoSpace`] if the folder lacks room for the table,
    /// [`GenError::Write`].
    pub fn create(
        target: &Path,
        definition: &Definition,
        encoding: Encoding,
        histogram: &[u64],
    ) -> Result<Self, GenError> {
        let depth = u8::try_from(histogram.len().saturating_sub(1)).map_err(|_| GenError::TooDeep { max: 254 })?;
        let counts = Counts { reachable: histogram.iter().sum(), max_depth: depth, histogram };
        let head = packed_head(definition, encoding, &counts, GENERATOR)?;
        let target = godtab_files::output_target(target).map_err(GenError::Write)?.path;
        let folder = godtab_files::folder_of(&target);
        if let Ok(available) = godtab_files::available_space(folder)
            && available < head.file_len
        {
            return Err(GenError::NoSpace { needed: head.file_len, available, folder: folder.to_path_buf() });
        }
        let mut pending = godtab_files::PendingWrite::create(&target).map_err(GenError::Write)?;
        let file = pending.file();
        file.set_len(head.file_len).map_err(GenError::Write)?;
        file.write_all(&head.prefix).map_err(GenError::Write)?;
        Ok(Self {
            pending,
            section_at: head.prefix.len() as u64,
            section_len: head.distance_len,
            file_len: head.file_len,
            written: 0,
        })
    }

    /// Writes `bytes` at `offset` of the distance section.
    ///
    /// # Errors
    ///
    /// [`GenError::Cluster`] for a piece outside the section,
    /// [`GenError::Write`].
    pub fn write_at(&mut self, offset: u64, bytes: &[u8]) -> Result<(), GenError> {
        if offset.checked_add(bytes.len() as u64).is_none_or(|end| end > self.section_len) {
            return Err(GenError::Cluster(format!(
                "a piece of {} bytes at {offset} lies outside the table's {} bytes of entries",
                bytes.len(),
                self.section_len
            )));
        }
        let file = self.pending.file();
        file.seek(SeekFrom::Start(self.section_at + offset)).map_err(GenError::Write)?;
        file.write_all(bytes).map_err(GenError::Write)?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Bytes of the distance section written so far.
    #[must_use]
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Takes the checksum of the whole file (one read of it), writes it,
    /// and puts the table in place; its size.
    ///
    /// # Errors
    ///
    /// [`GenError::Write`].
    pub fn finish(mut self) -> Result<u64, GenError> {
        let file = self.pending.file();
        file.seek(SeekFrom::Start(0)).map_err(GenError::Write)?;
        let mut checksum = Checksum::default();
        let mut reader = std::io::BufReader::with_capacity(1 << 20, &mut *file);
        let mut buffer = vec![0u8; 1 << 20];
        loop {
            let n = reader.read(&mut buffer).map_err(GenError::Write)?;
            if n == 0 {
                break;
            }
            checksum.update(&buffer[..n]);
        }
        drop(reader);
        patch_checksum(file, checksum.finish())?;
        self.pending.commit().map_err(GenError::Write)?;
        Ok(self.file_len)
    }
}
