//! The HTTP/1.1 server over the listening socket, with what actix-web's `HttpServer` does not
//! offer: each connection is wrapped in [`ClosingRefusals`], so that a request the server cannot
//! read (a head too large or malformed) is refused with `Connection: close` before the
//! connection is closed, rather than a refusal that lets a kept-alive client believe it may send
//! its next request.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{AppConfig, Server, ServiceFactory};
use actix_web::rt::net::TcpStream;
use actix_web::{Error, HttpResponse};

/// How long a client may take to send a request's head.
pub const REQUEST_HEAD_DEADLINE: Duration = Duration::from_secs(5);

/// How long the server waits for open requests when it is told to stop.
pub const SHUTDOWN_SECONDS: u64 = 3;

/// How long a kept-alive connection may stay idle by default (nginx's `keepalive_timeout`
/// is 75 s; a shorter wait frees a connection's place sooner for a client that waits).
pub const DEFAULT_KEEPALIVE_SECONDS: u64 = 15;

/// How many requests a connection carries by default before the server closes it (nginx's
/// `keepalive_requests`), so that kept-alive clients take turns with clients waiting to
/// connect when every place is taken.
pub const DEFAULT_KEEPALIVE_REQUESTS: u32 = 1000;

/// Where and how the server listens.
pub struct Listen<'a> {
    /// The address to bind.
    pub addr: &'a str,
    /// Worker threads.
    pub workers: usize,
    /// Client connections served at once; more wait to be accepted.
    pub max_connections: usize,
    /// How long a kept-alive connection may stay idle.
    pub keepalive: Duration,
    /// How many requests a connection carries before it is closed.
    pub keepalive_requests: u32,
}

/// A connection's count of the requests it carried, against the most it may carry (the
/// connection's own data, set when it opens).
#[derive(Debug)]
pub struct Served {
    count: std::cell::Cell<u32>,
    limit: u32,
}

impl Served {
    /// Counts one more request; whether it is the last the connection may carry.
    pub fn last(&self) -> bool {
        let n = self.count.get().saturating_add(1);
        self.count.set(n);
        n >= self.limit
    }
}

/// The `Connection: close` of the last request a connection may carry
/// ([`Listen::keepalive_requests`]), as middleware of the app [`serve`] serves.
pub async fn close_after_limit<B: MessageBody>(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<B>,
) -> Result<actix_web::dev::ServiceResponse<B>, Error> {
    let last = req.conn_data::<Served>().is_some_and(Served::last);
    let mut res = next.call(req).await?;
    if last {
        res.response_mut().head_mut().set_connection_type(actix_http::ConnectionType::Close);
    }
    Ok(res)
}

/// Raises the process's limit of open files towards what `connections` need (each is a file,
/// besides the databases' and the logs'), as far as the hard limit allows; the limit reached.
pub fn raise_open_files(connections: usize) -> u64 {
    let wanted = connections as u64 + 256;
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit read and write the one struct passed, which lives here.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 0;
        }
        if limit.rlim_cur < wanted {
            let raised = libc::rlimit { rlim_cur: wanted.min(limit.rlim_max), rlim_max: limit.rlim_max };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    limit.rlim_cur
}

/// Binds `listen` and serves the app that `factory` makes (once per worker) over HTTP/1.1.
pub fn serve<F, I, S, B>(listen: &Listen<'_>, factory: F) -> io::Result<Server>
where
    F: Fn() -> I + Send + Clone + 'static,
    I: actix_service::IntoServiceFactory<S, actix_http::Request>,
    S: ServiceFactory<actix_http::Request, Config = AppConfig> + 'static,
    S::Error: Into<Error> + 'static,
    S::InitError: std::fmt::Debug,
    S::Response: Into<actix_http::Response<B>> + 'static,
    <S::Service as actix_web::dev::Service<actix_http::Request>>::Future: 'static,
    S::Service: 'static,
    B: MessageBody + 'static,
{
    use actix_service::{fn_service, map_config, ServiceFactoryExt as _};

    let workers = listen.workers.max(1);
    let (keepalive, limit) = (listen.keepalive, listen.keepalive_requests.max(1));
    let builder = actix_server::Server::build()
        .workers(workers)
        // actix counts connections per worker.
        .max_concurrent_connections(listen.max_connections.div_ceil(workers))
        .shutdown_timeout(SHUTDOWN_SECONDS);
    let shutdown = builder.graceful_shutdown_signal();
    let builder = builder.bind("wikiquery", listen.addr, move || {
        let shutdown = shutdown.clone();
        let app = factory().into_factory().map_err(|err: S::Error| -> actix_http::Response<actix_web::body::BoxBody> {
            let err: Error = err.into();
            HttpResponse::from_error(err).into()
        });
        let http = actix_http::HttpService::build()
            .keep_alive(keepalive)
            .on_connect_ext(move |_, data| {
                data.insert(Served { count: std::cell::Cell::new(0), limit });
            })
            .client_request_timeout(REQUEST_HEAD_DEADLINE)
            .client_disconnect_timeout(Duration::from_secs(1))
            .graceful_shutdown_signal(move || {
                let shutdown = shutdown.clone();
                async move { shutdown.notified().await }
            })
            .h1(map_config(app, |_| AppConfig::default()));
        fn_service(|stream: TcpStream| async move {
            // As actix-web does: answers go out as soon as they are written.
            let _ = stream.set_nodelay(true);
            let peer = stream.peer_addr().ok();
            Ok::<_, actix_http::error::DispatchError>((ClosingRefusals::new(stream), peer))
        })
        .and_then(http)
    })?;
    Ok(builder.run())
}

/// A connection whose refusals of unreadable requests say that the connection closes.
///
/// The HTTP layer answers a request head it cannot read (too large: 431; malformed: 400) with an
/// empty response and then closes the connection, but writes that response as if the connection
/// stayed open. This writer adds `connection: close` to exactly those responses — the status
/// line of one of them followed by an empty body's length, which no answer of the API has, as
/// every API answer has a body.
pub struct ClosingRefusals<T> {
    inner: T,
    /// A rewritten buffer being written: its bytes, how many are written, and the length of the
    /// caller's buffer it stands for.
    pending: Option<(Vec<u8>, usize, usize)>,
}

/// The heads of the refusals, as the HTTP layer writes them.
const REFUSALS: [&[u8]; 2] = [
    b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n",
    b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n",
];

impl<T> ClosingRefusals<T> {
    /// Wraps a connection.
    pub fn new(inner: T) -> Self {
        ClosingRefusals { inner, pending: None }
    }
}

/// How far from the end of a written buffer a refusal can start: it is the last thing written
/// on its connection, a head of some hundred bytes, so only the buffer's tail is searched and
/// an answer of any size costs the same.
const REFUSAL_WINDOW: usize = 512;

/// `buf` with `connection: close` added to the refusal it holds, if it holds one that says
/// nothing of the connection.
fn with_close(buf: &[u8]) -> Option<Vec<u8>> {
    let window = buf.len().saturating_sub(REFUSAL_WINDOW);
    let (at, refusal) =
        REFUSALS.iter().find_map(|r| memchr::memmem::find(&buf[window..], r).map(|at| (window + at, *r)))?;
    let after_status = at + memchr::memmem::find(refusal, b"\r\n")? + 2;
    let head_end = memchr::memmem::find(&buf[at..], b"\r\n\r\n").map_or(buf.len(), |end| at + end);
    if buf[at..head_end].to_ascii_lowercase().windows(11).any(|w| w == b"connection:") {
        return None;
    }
    let mut out = Vec::with_capacity(buf.len() + 19);
    out.extend_from_slice(&buf[..after_status]);
    out.extend_from_slice(b"connection: close\r\n");
    out.extend_from_slice(&buf[after_status..]);
    Some(out)
}

impl<T: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for ClosingRefusals<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: tokio::io::AsyncWrite + Unpin> tokio::io::AsyncWrite for ClosingRefusals<T> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.pending.is_none() {
            match with_close(buf) {
                Some(rewritten) => this.pending = Some((rewritten, 0, buf.len())),
                None => return Pin::new(&mut this.inner).poll_write(cx, buf),
            }
        }
        // The rewritten buffer goes out whole before the caller hears that its bytes are written
        // (the caller hands the same bytes again until then).
        while let Some((bytes, written, stands_for)) = this.pending.as_mut() {
            match Pin::new(&mut this.inner).poll_write(cx, &bytes[*written..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    *written += n;
                    if *written == bytes.len() {
                        let stands_for = *stands_for;
                        this.pending = None;
                        return Poll::Ready(Ok(stands_for));
                    }
                }
                Poll::Ready(Err(e)) => {
                    this.pending = None;
                    return Poll::Ready(Err(e));
                }
                Poll::Pending => return Poll::Pending,
            }
        }
        unreachable!("the loop returns once nothing is pending")
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::with_close;

    #[test]
    fn a_refusal_gets_connection_close() {
        let buf = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = with_close(buf).expect("rewritten");
        assert_eq!(
            String::from_utf8_lossy(&out),
            "HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n"
        );
    }

    #[test]
    fn a_refusal_after_an_answer_in_the_same_buffer_gets_it_too() {
        let buf =
            b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n";
        let out = String::from_utf8(with_close(buf).expect("rewritten")).expect("text");
        assert!(out.ends_with("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n"), "{out}");
        assert!(out.starts_with("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}"), "{out}");
    }

    #[test]
    fn a_refusal_after_a_long_answer_is_found_at_the_end() {
        let mut buf = b"HTTP/1.1 200 OK\r\ncontent-length: 100000\r\n\r\n".to_vec();
        buf.extend(std::iter::repeat_n(b'x', 100_000));
        buf.extend_from_slice(b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n");
        let out = String::from_utf8(with_close(&buf).expect("rewritten")).expect("text");
        assert!(out.ends_with(
            "431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n"
        ));
    }

    #[test]
    fn answers_and_refusals_that_say_so_are_left_alone() {
        assert!(with_close(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(with_close(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n\r\n{\"error\":{}}").is_none());
        assert!(with_close(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").is_none());
    }
}
