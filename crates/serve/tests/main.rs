//! The server asked as a client would, without a socket (the router's
//! `oneshot`): every route, every kind of refusal, the limits on work, and
//! every state of the 8-puzzle answered as its table answers it.

mod common;

mod answers;
mod errors;
mod limits;
mod routes;
