//! The handshake that admits a connection to a run before timely takes it
//! over. The dialing process (the higher index) and the accepting one each
//! send a random challenge and prove that they know the run's secret by an
//! HMAC-SHA256 over both challenges, both indices and the run's digest,
//! under a label of the protocol and of the side; a peer that is no godtab
//! process of this run is refused with a reason ([`Refusal`]), and nothing
//! it sends is trusted before its proof is checked.
//!
//! On the wire, integers little-endian, every message of a fixed length:
//!
//! | from | message |
//! | --- | --- |
//! | dialer | hello: magic `GODTABCL`, version (u16), its index (u32), the index it dials (u32), digest (u64), nonce (32 bytes) |
//! | acceptor | challenge: magic, version, verdict (u8), its index (u32), nonce (32), HMAC (32) |
//! | dialer | proof: verdict (u8), HMAC (32) |
//! | acceptor | admission: verdict (u8) |
//!
//! A verdict is 0 to go on, or the [`Code`] of a refusal (the rest of
//! the message is then zeros, and the connection is closed).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use hmac::{KeyInit, Mac};

/// The first bytes of every hello and challenge.
pub(crate) const MAGIC: [u8; 8] = *b"GODTABCL";
/// The handshake's version: another one is refused, by its number.
pub(crate) const VERSION: u16 = 1;
/// What the HMACs are of: this protocol, at this version.
const LABEL: &[u8] = b"godtab cluster handshake 1";
const NONCE: usize = 32;
const MAC: usize = 32;
pub(crate) const HELLO: usize = 8 + 2 + 4 + 4 + 8 + NONCE;
const CHALLENGE: usize = 8 + 2 + 1 + 4 + NONCE + MAC;

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

/// This process's side of a handshake.
pub(crate) struct Side<'a> {
    pub(crate) me: usize,
    pub(crate) processes: usize,
    /// The run's digest (version, puzzle, options, processes).
    pub(crate) digest: u64,
    /// The run's secret.
    pub(crate) key: &'a [u8],
}

/// A refusal's number on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Code {
    Version = 1,
    NotForMe = 2,
    BadIndex = 3,
    OtherRun = 4,
    Authentication = 5,
    Duplicate = 6,
    Busy = 7,
}

impl Code {
    fn of(byte: u8) -> Option<Self> {
        [
            Self::Version,
            Self::NotForMe,
            Self::BadIndex,
            Self::OtherRun,
            Self::Authentication,
            Self::Duplicate,
            Self::Busy,
        ]
        .into_iter()
        .find(|c| *c as u8 == byte)
    }
}

/// Why a handshake failed, in words for a note or an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Its first bytes are not a handshake's.
    NotGodtab,
    /// Another handshake version (another godtab).
    Version(u16),
    /// It dials another process than this one.
    NotForMe { to: u32, me: usize },
    /// It claims an index that does not dial this process.
    BadIndex { from: u32, me: usize, processes: usize },
    /// Another version, puzzle or options.
    OtherRun { theirs: u64, mine: u64 },
    /// Its proof of the secret is wrong.
    Authentication,
    /// The other side found this side's proof of the secret wrong.
    OurProofRefused,
    /// That process is connected already.
    Duplicate(usize),
    /// Too many handshakes at once.
    Busy,
    /// The process at the address is another one than dialed.
    WrongProcess { is: u32, dialed: usize },
    /// The other side refused this one, for this reason.
    RefusedUs(Code),
    /// A verdict byte that is none of the codes.
    UnknownVerdict(u8),
    /// No complete handshake within the limit.
    TimedOut(Duration),
    /// It closed the connection during the handshake.
    Closed,
    /// The system's error.
    Io(String),
}

impl Refusal {
    /// Whether trying again cannot help: this process is a duplicate.
    pub(crate) fn is_final(&self) -> bool {
        matches!(self, Self::RefusedUs(Code::Duplicate))
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotGodtab => write!(f, "not a godtab process (its first bytes are not a cluster handshake)"),
            Self::Version(v) => {
                write!(f, "handshake version {v}, not this process's {VERSION} (another godtab version)")
            }
            Self::NotForMe { to, me } => write!(f, "it dials process {to}, and this is process {me}"),
            Self::BadIndex { from, me, processes } => {
                write!(f, "it claims to be process {from}, which is no process that dials process {me} of {processes}")
            }
            Self::OtherRun { theirs, mine } => write!(
                f,
                "it belongs to another run: another godtab version, puzzle or options (digest {theirs:016x}, here \
                 {mine:016x})"
            ),
            Self::Authentication => write!(f, "its proof of the run's secret is wrong (another secret)"),
            Self::OurProofRefused => write!(f, "it found this process's proof of the secret wrong (another secret)"),
            Self::Duplicate(p) => write!(f, "process {p} is connected already (a second process {p}?)"),
            Self::Busy => write!(f, "too many handshakes at once"),
            Self::WrongProcess { is, dialed } => write!(f, "it is process {is}, not process {dialed}"),
            Self::RefusedUs(code) => write!(f, "it refused this process: {}", refused_because(*code)),
            Self::UnknownVerdict(v) => write!(f, "it refused this process for a reason unknown here (code {v})"),
            Self::TimedOut(limit) => write!(f, "no complete handshake within {} s", limit.as_secs_f64()),
            Self::Closed => write!(f, "it closed the connection during the handshake"),
            Self::Io(e) => write!(f, "{e}"),
        }
    }
}

/// A refusal told by the other side, as this side reads it.
fn refused_because(code: Code) -> &'static str {
    match code {
        Code::Version => "another handshake version (another godtab version)",
        Code::NotForMe => "it is not the process this one's hosts line names (the hosts files differ)",
        Code::BadIndex => "this process's index is not one that dials it",
        Code::OtherRun => "this process belongs to another run (another godtab version, puzzle or options)",
        Code::Authentication => "this process's proof of the secret is wrong (another secret)",
        Code::Duplicate => "it has this process's index connected already (was this --process started twice?)",
        Code::Busy => "it is busy with other connections",
    }
}

/// The code a refusal is told by, if it is told.
fn code_of(refusal: &Refusal) -> Option<Code> {
    Some(match refusal {
        Refusal::Version(_) => Code::Version,
        Refusal::NotForMe { .. } => Code::NotForMe,
        Refusal::BadIndex { .. } => Code::BadIndex,
        Refusal::OtherRun { .. } => Code::OtherRun,
        Refusal::Authentication => Code::Authentication,
        Refusal::Duplicate(_) => Code::Duplicate,
        Refusal::Busy => Code::Busy,
        _ => return None,
    })
}

impl From<std::io::Error> for Refusal {
    fn from(e: std::io::Error) -> Self {
        Self::Io(e.to_string())
    }
}

/// The HMAC of one side (`role`) over the handshake's fields.
fn proof(
    key: &[u8],
    role: u8,
    nonces: (&[u8; NONCE], &[u8; NONCE]),
    acceptor: u32,
    dialer: u32,
    digest: u64,
) -> Result<HmacSha256, Refusal> {
    // HMAC takes a key of any length: this fails for none.
    let mut mac = <HmacSha256 as KeyInit>::new_from_slice(key)
        .map_err(|_| Refusal::Io("the secret cannot key an HMAC".into()))?;
    mac.update(LABEL);
    mac.update(&[role]);
    mac.update(nonces.0);
    mac.update(nonces.1);
    mac.update(&acceptor.to_le_bytes());
    mac.update(&dialer.to_le_bytes());
    mac.update(&digest.to_le_bytes());
    Ok(mac)
}

const ACCEPTOR: u8 = b'A';
const DIALER: u8 = b'D';

fn nonce() -> Result<[u8; NONCE], Refusal> {
    let mut nonce = [0; NONCE];
    getrandom::fill(&mut nonce).map_err(|e| Refusal::Io(format!("no random challenge: {e}")))?;
    Ok(nonce)
}

/// Reads exactly `buf.len()` bytes by `deadline`.
fn read_by(stream: &mut TcpStream, buf: &mut [u8], deadline: Instant, limit: Duration) -> Result<(), Refusal> {
    let mut filled = 0;
    while filled < buf.len() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Refusal::TimedOut(limit));
        }
        stream.set_read_timeout(Some(left))?;
        match stream.read(&mut buf[filled..]) {
            Ok(0) => return Err(Refusal::Closed),
            Ok(n) => filled += n,
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return Err(Refusal::Closed),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Writes all of `bytes` by `deadline`.
fn write_by(stream: &mut TcpStream, bytes: &[u8], deadline: Instant, limit: Duration) -> Result<(), Refusal> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(Refusal::TimedOut(limit));
    }
    stream.set_write_timeout(Some(left))?;
    stream.write_all(bytes).map_err(|e| match e.kind() {
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => Refusal::TimedOut(limit),
        _ => e.into(),
    })
}

/// Fields read from a buffer in order.
struct Fields<'a>(&'a [u8]);

impl Fields<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        let n = N.min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        out
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
}

/// The accepting side, up to the dialer's proof: its index, once its
/// hello is of this run and its proof right. It is admitted by [`admit`]
/// (or refused by [`refuse`]), which the caller decides.
pub(crate) fn accept(stream: &mut TcpStream, side: &Side<'_>, limit: Duration) -> Result<usize, Refusal> {
    let deadline = Instant::now() + limit;
    let mut hello = [0u8; HELLO];
    read_by(stream, &mut hello[..10], deadline, limit)?;
    let mut fields = Fields(&hello[..10]);
    if fields.take::<8>() != MAGIC {
        return Err(Refusal::NotGodtab);
    }
    let version = u16::from_le_bytes(fields.take());
    if version != VERSION {
        return Err(refuse(stream, Refusal::Version(version), deadline, limit));
    }
    read_by(stream, &mut hello[10..], deadline, limit)?;
    let mut fields = Fields(&hello[10..]);
    let (from, to, digest) = (fields.u32(), fields.u32(), u64::from_le_bytes(fields.take()));
    let theirs: [u8; NONCE] = fields.take();
    let refusal = if to as usize != side.me {
        Some(Refusal::NotForMe { to, me: side.me })
    } else if (from as usize) <= side.me || from as usize >= side.processes {
        Some(Refusal::BadIndex { from, me: side.me, processes: side.processes })
    } else if digest != side.digest {
        Some(Refusal::OtherRun { theirs: digest, mine: side.digest })
    } else {
        None
    };
    if let Some(refusal) = refusal {
        return Err(refuse(stream, refusal, deadline, limit));
    }
    let mine = nonce()?;
    let me = side.me as u32;
    let ours = proof(side.key, ACCEPTOR, (&theirs, &mine), me, from, side.digest)?.finalize().into_bytes();
    let mut challenge = Vec::with_capacity(CHALLENGE);
    challenge.extend(MAGIC);
    challenge.extend(VERSION.to_le_bytes());
    challenge.push(0);
    challenge.extend(me.to_le_bytes());
    challenge.extend(mine);
    challenge.extend(ours.as_slice());
    write_by(stream, &challenge, deadline, limit)?;
    let mut answer = [0u8; 1 + MAC];
    read_by(stream, &mut answer, deadline, limit)?;
    if answer[0] == Code::Authentication as u8 {
        return Err(Refusal::OurProofRefused);
    }
    if answer[0] != 0 {
        return Err(Refusal::UnknownVerdict(answer[0]));
    }
    let expected = proof(side.key, DIALER, (&theirs, &mine), me, from, side.digest)?;
    if expected.verify_slice(&answer[1..]).is_err() {
        return Err(refuse(stream, Refusal::Authentication, deadline, limit));
    }
    Ok(from as usize)
}

/// Tells the dialer it is admitted.
pub(crate) fn admit(stream: &mut TcpStream, limit: Duration) -> Result<(), Refusal> {
    write_by(stream, &[0], Instant::now() + limit, limit)
}

/// Tells the other side why it is refused, if this is a reason told
/// (best effort: it may be gone); the refusal, to note.
pub(crate) fn refuse(stream: &mut TcpStream, refusal: Refusal, deadline: Instant, limit: Duration) -> Refusal {
    if let Some(code) = code_of(&refusal) {
        // Before the challenge the refusal takes the challenge's place;
        // after it, the admission's (a byte, which the dialer reads first).
        let told = match refusal {
            Refusal::Authentication | Refusal::Duplicate(_) => vec![code as u8],
            _ => {
                let mut told = Vec::with_capacity(CHALLENGE);
                told.extend(MAGIC);
                told.extend(VERSION.to_le_bytes());
                told.push(code as u8);
                told.resize(CHALLENGE, 0);
                told
            }
        };
        let _ = write_by(stream, &told, deadline, limit);
    }
    refusal
}

/// The dialing side: this process (`side.me`) asks process `to` to admit
/// it.
pub(crate) fn dial(stream: &mut TcpStream, side: &Side<'_>, to: usize, limit: Duration) -> Result<(), Refusal> {
    let deadline = Instant::now() + limit;
    let mine = nonce()?;
    let (me, to32) = (side.me as u32, to as u32);
    let mut hello = Vec::with_capacity(HELLO);
    hello.extend(MAGIC);
    hello.extend(VERSION.to_le_bytes());
    hello.extend(me.to_le_bytes());
    hello.extend(to32.to_le_bytes());
    hello.extend(side.digest.to_le_bytes());
    hello.extend(mine);
    write_by(stream, &hello, deadline, limit)?;
    let mut challenge = [0u8; CHALLENGE];
    read_by(stream, &mut challenge[..10], deadline, limit)?;
    let mut fields = Fields(&challenge[..10]);
    if fields.take::<8>() != MAGIC {
        return Err(Refusal::NotGodtab);
    }
    let version = u16::from_le_bytes(fields.take());
    if version != VERSION {
        return Err(Refusal::Version(version));
    }
    read_by(stream, &mut challenge[10..], deadline, limit)?;
    let mut fields = Fields(&challenge[10..]);
    let [verdict] = fields.take::<1>();
    if verdict != 0 {
        return Err(Code::of(verdict).map_or(Refusal::UnknownVerdict(verdict), Refusal::RefusedUs));
    }
    let is = fields.u32();
    if is != to32 {
        return Err(Refusal::WrongProcess { is, dialed: to });
    }
    let theirs: [u8; NONCE] = fields.take();
    let their_proof: [u8; MAC] = fields.take();
    let expected = proof(side.key, ACCEPTOR, (&mine, &theirs), to32, me, side.digest)?;
    if expected.verify_slice(&their_proof).is_err() {
        // Said, so that the other side notes why; no proof of ours is
        // given to a process that could not prove its own.
        let _ = write_by(stream, &[Code::Authentication as u8; 1 + MAC], deadline, limit);
        return Err(Refusal::Authentication);
    }
    let ours = proof(side.key, DIALER, (&mine, &theirs), to32, me, side.digest)?.finalize().into_bytes();
    let mut answer = Vec::with_capacity(1 + MAC);
    answer.push(0);
    answer.extend(ours.as_slice());
    write_by(stream, &answer, deadline, limit)?;
    let mut admission = [0u8; 1];
    read_by(stream, &mut admission, deadline, limit)?;
    match admission[0] {
        0 => Ok(()),
        v => Err(Code::of(v).map_or(Refusal::UnknownVerdict(v), Refusal::RefusedUs)),
    }
}
