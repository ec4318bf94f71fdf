//! The handshake's tests: two sides over loopback, and strangers of every
//! kind against each side.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

use crate::handshake::{Code, HELLO, MAGIC, Refusal, Side, VERSION, accept, admit, dial, refuse};

const LIMIT: Duration = Duration::from_secs(5);
const DIGEST: u64 = 0x0123_4567_89ab_cdef;

fn pair() -> (TcpStream, TcpStream) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let dialed = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
    let (accepted, _) = listener.accept().unwrap();
    (dialed, accepted)
}

fn side(me: usize, digest: u64, key: &'static [u8]) -> Side<'static> {
    Side { me, processes: 3, digest, key }
}

/// Process `dialer` dials process `acceptor` (each with its own digest and
/// key, and the index the dialer asks for); both sides' results.
fn handshake(
    dialer: Side<'static>,
    acceptor: Side<'static>,
    asks_for: usize,
) -> (Result<(), Refusal>, Result<usize, Refusal>) {
    let (mut dialed, mut accepted) = pair();
    let accepting = thread::spawn(move || {
        let result = accept(&mut accepted, &acceptor, LIMIT);
        if result.is_ok() {
            admit(&mut accepted, LIMIT).unwrap();
        }
        result
    });
    let dialing = dial(&mut dialed, &dialer, asks_for, LIMIT);
    (dialing, accepting.join().unwrap())
}

#[test]
fn processes_with_the_run_s_secret_and_digest_are_admitted() {
    let (dialing, accepting) = handshake(side(2, DIGEST, b"secret"), side(0, DIGEST, b"secret"), 0);
    assert_eq!(dialing, Ok(()));
    assert_eq!(accepting, Ok(2));
}

#[test]
fn another_secret_digest_or_index_is_refused_on_both_sides() {
    let (dialing, accepting) = handshake(side(1, DIGEST, b"mine"), side(0, DIGEST, b"theirs"), 0);
    assert_eq!(dialing, Err(Refusal::Authentication));
    assert_eq!(accepting, Err(Refusal::OurProofRefused));
    assert!(accepting.unwrap_err().to_string().contains("another secret"));

    let (dialing, accepting) = handshake(side(1, 7, b"secret"), side(0, DIGEST, b"secret"), 0);
    assert_eq!(dialing, Err(Refusal::RefusedUs(Code::OtherRun)));
    assert_eq!(accepting, Err(Refusal::OtherRun { theirs: 7, mine: DIGEST }));
    assert!(accepting.unwrap_err().to_string().contains("another run"));

    // Process 1 asks for process 0 at process 2's address, and process 0
    // is asked by a process 0.
    let (dialing, accepting) = handshake(side(1, DIGEST, b"secret"), side(2, DIGEST, b"secret"), 0);
    assert_eq!(dialing, Err(Refusal::RefusedUs(Code::NotForMe)));
    assert_eq!(accepting, Err(Refusal::NotForMe { to: 0, me: 2 }));
    let (dialing, accepting) = handshake(side(0, DIGEST, b"secret"), side(0, DIGEST, b"secret"), 0);
    assert_eq!(dialing, Err(Refusal::RefusedUs(Code::BadIndex)));
    assert_eq!(accepting, Err(Refusal::BadIndex { from: 0, me: 0, processes: 3 }));
    let mut past = side(3, DIGEST, b"secret");
    past.processes = 4;
    let (_, accepting) = handshake(past, side(0, DIGEST, b"secret"), 0);
    assert!(matches!(accepting, Err(Refusal::BadIndex { from: 3, .. })));
}

#[test]
fn a_duplicate_is_told_so_and_cannot_try_again() {
    let (mut dialed, mut accepted) = pair();
    let accepting = thread::spawn(move || {
        let from = accept(&mut accepted, &side(0, DIGEST, b"secret"), LIMIT).unwrap();
        refuse(&mut accepted, Refusal::Duplicate(from), Instant::now() + LIMIT, LIMIT)
    });
    let dialing = dial(&mut dialed, &side(1, DIGEST, b"secret"), 0, LIMIT).unwrap_err();
    assert!(dialing.is_final(), "{dialing}");
    assert!(dialing.to_string().contains("started twice"), "{dialing}");
    assert_eq!(accepting.join().unwrap(), Refusal::Duplicate(1));
}

/// What `accept` says of a peer that sends `bytes` and then closes.
fn accepted_after(bytes: &[u8], limit: Duration) -> Result<usize, Refusal> {
    let (mut dialed, mut accepted) = pair();
    let bytes = bytes.to_vec();
    let sender = thread::spawn(move || {
        let _ = dialed.write_all(&bytes);
        let _ = dialed.shutdown(std::net::Shutdown::Write);
        // Keep reading what the acceptor says, until it closes.
        let _ = std::io::copy(&mut dialed, &mut std::io::sink());
    });
    let result = accept(&mut accepted, &side(0, DIGEST, b"secret"), limit);
    drop(accepted);
    sender.join().unwrap();
    result
}

#[test]
fn strangers_bytes_are_refused_with_a_reason_never_a_panic() {
    let mut rng = fastrand::Rng::with_seed(46);
    for len in [0, 1, 7, 8, 9, 10, 11, 57, 58, 59, 91, 4096] {
        for _ in 0..8 {
            let bytes: Vec<u8> = (0..len).map(|_| rng.u8(..)).collect();
            let refusal = accepted_after(&bytes, LIMIT).unwrap_err();
            assert!(matches!(refusal, Refusal::NotGodtab | Refusal::Closed), "{len} bytes: {refusal}");
        }
    }
    // The magic, then garbage: refused at the version, or at the fields,
    // or at the proof.
    for _ in 0..64 {
        let mut bytes = MAGIC.to_vec();
        bytes.extend(VERSION.to_le_bytes());
        let len = rng.usize(0..200);
        bytes.extend((0..len).map(|_| rng.u8(..)));
        assert!(accepted_after(&bytes, LIMIT).is_err());
    }
    let mut other_version = MAGIC.to_vec();
    other_version.extend(9u16.to_le_bytes());
    assert_eq!(accepted_after(&other_version, LIMIT), Err(Refusal::Version(9)));
}

#[test]
fn a_silent_peer_times_out() {
    let (_dialed, mut accepted) = pair();
    let started = Instant::now();
    let limit = Duration::from_millis(300);
    assert_eq!(accept(&mut accepted, &side(0, DIGEST, b"secret"), limit), Err(Refusal::TimedOut(limit)));
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[test]
fn a_dialer_refuses_what_is_not_its_peer_s_challenge() {
    let mut rng = fastrand::Rng::with_seed(8);
    for len in [0, 5, 10, 11, 79, 80, 4096] {
        let bytes: Vec<u8> = (0..len).map(|_| rng.u8(..)).collect();
        let (mut dialed, mut accepted) = pair();
        let answering = thread::spawn(move || {
            let mut hello = [0u8; HELLO];
            let _ = accepted.read_exact(&mut hello);
            let _ = accepted.write_all(&bytes);
        });
        assert!(dial(&mut dialed, &side(1, DIGEST, b"secret"), 0, LIMIT).is_err(), "{len} bytes");
        answering.join().unwrap();
    }
    // A challenge of the right shape from another index.
    let (mut dialed, mut accepted) = pair();
    let answering = thread::spawn(move || {
        let _ = accept(&mut accepted, &side(0, DIGEST, b"secret"), LIMIT);
    });
    assert_eq!(dial(&mut dialed, &side(1, DIGEST, b"secret"), 2, LIMIT), Err(Refusal::RefusedUs(Code::NotForMe)),);
    answering.join().unwrap();
}
