//! The processes' addresses: one `host:port` line per process in a hosts
//! file, or loopback ports on this machine.

use std::path::Path;

use crate::ClusterError;

/// The largest hosts file read (a line per process: far more than any
/// cluster's).
const MAX_HOSTS_FILE: u64 = 1 << 20;

/// The address of every process, process 0 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hosts(pub Vec<String>);

/// `processes` addresses on this machine: `127.0.0.1:BASE`, `BASE + 1`, ...
///
/// # Errors
///
/// [`ClusterError::Setup`] if the ports pass 65535.
pub fn loopback(processes: usize, base_port: u16) -> Result<Hosts, ClusterError> {
    (0..processes)
        .map(|i| {
            u16::try_from(i)
                .ok()
                .and_then(|i| base_port.checked_add(i))
                .map(|port| format!("127.0.0.1:{port}"))
                .ok_or_else(|| ClusterError::Setup(format!("--port {base_port}: {processes} ports from it pass 65535")))
        })
        .collect::<Result<_, _>>()
        .map(Hosts)
}

impl Hosts {
    /// Reads a hosts file: one `host:port` line per process (line `i` for
    /// process `i`); blank lines and `#` comments are skipped. It must name
    /// exactly `processes` processes.
    ///
    /// # Errors
    ///
    /// [`ClusterError::Setup`] naming the file and line.
    pub fn read(path: &Path, processes: usize) -> Result<Self, ClusterError> {
        let name = path.display();
        // A regular file of bounded size: a FIFO or a device is refused, not
        // waited on.
        let text = godtab_files::read_text_bounded(path, MAX_HOSTS_FILE)
            .map_err(|e| ClusterError::Setup(format!("{name}: {e}")))?;
        Self::parse(&text, processes).map_err(|problem| ClusterError::Setup(format!("{name}: {problem}")))
    }

    /// Parses a hosts file's text (see [`Hosts::read`]).
    ///
    /// # Errors
    ///
    /// The problem, with its line.
    pub fn parse(text: &str, processes: usize) -> Result<Self, String> {
        let mut hosts = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let Some((host, port)) = line.rsplit_once(':') else {
                return Err(format!("line {}: {line:?} is not host:port", n + 1));
            };
            if host.is_empty() || host.contains(char::is_whitespace) || port.parse::<u16>().is_err() {
                return Err(format!("line {}: {line:?} is not host:port (a port from 0 to 65535)", n + 1));
            }
            if host == "0.0.0.0" || host == "::" || host == "[::]" {
                return Err(format!(
                    "line {}: {host} is not an address the other processes can reach: give this host's name or \
                     address",
                    n + 1
                ));
            }
            hosts.push(line.to_string());
        }
        if hosts.len() != processes {
            return Err(format!("names {} processes, not the {processes} of --processes", hosts.len()));
        }
        Ok(Self(hosts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_files_name_one_process_a_line() {
        let hosts = Hosts::parse("# cluster\nalpha:7000\n\n  beta.lan:7001  # the second\n10.0.0.3:7002\n", 3).unwrap();
        assert_eq!(hosts.0, ["alpha:7000", "beta.lan:7001", "10.0.0.3:7002"]);
        assert_eq!(Hosts::parse("a:1\nb:2\n", 3).unwrap_err(), "names 2 processes, not the 3 of --processes");
        assert!(Hosts::parse("a:1\nb\n", 2).unwrap_err().starts_with("line 2: \"b\" is not host:port"));
        assert!(Hosts::parse("a:99999\n", 1).unwrap_err().starts_with("line 1:"));
        assert!(Hosts::parse("0.0.0.0:7000\n", 1).unwrap_err().contains("not an address"));
        assert_eq!(loopback(2, 9000).unwrap().0, ["127.0.0.1:9000", "127.0.0.1:9001"]);
        assert!(loopback(3, 65534).is_err());
    }
}
