use std::collections::BTreeMap;
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use actix_web::dev::{ResourceDef, Server};
use actix_web::{App, HttpResponse, HttpServer, ResponseError, web};
use secrecy::ExposeSecret;
use tracing_actix_web::TracingLogger;
use utoipa_swagger_ui::{Config, SwaggerUi};

use crate::auth::TokenKeys;
use crate::bot_runner::BotStats;
use crate::configuration::Settings;
use crate::connections::ConnectionsPerClient;
use crate::cors::CorsOrigins;
use crate::error::ApiError;
use crate::idempotency::InFlight;
use crate::json_body::BodyTimeout;
use crate::lease_holder::LeaseHolder;
use crate::limits::Limits;
use crate::metrics::MetricsAccess;
use crate::push::Hub;
use crate::push::tickets::PublicUrl;
use crate::service::GameService;
use crate::shutdown::Shutdown;
use crate::tick::TickPasses;

/// A bound, ready-to-run server.
pub struct Application {
    address: std::net::SocketAddr,
    server: Server,
    shutdown: Shutdown,
    tick: tokio::task::JoinHandle<()>,
    tick_passes: TickPasses,
    shutdown_timeout: Duration,
    hub: Hub,
    /// The listener of `/metrics` alone, when `METRICS_ADDR` asks for one.
    metrics: Option<(std::net::SocketAddr, Server)>,
    bots: Arc<BotStats>,
}

impl Application {
    /// Connects the database (running migrations), loads the signing keys, binds the port
    /// (0 = any free port) and starts the deadline tick.
    pub async fn build(settings: Settings) -> std::io::Result<Self> {
        // Refused before anything else happens: a short secret makes every token forgeable.
        let keys = TokenKeys::load(
            settings.jwt_secret.as_ref(),
            &settings.data_dir,
            settings.token_ttl_secs,
        )?
        .with_refresh_ttl(settings.refresh_token_ttl_secs);
        let url = settings.database_url.expose_secret().to_owned();
        let database = web::block(move || persistence::Database::connect(&url))
            .await
            .map_err(std::io::Error::other)?
            .map_err(|error| std::io::Error::other(format!("database: {error}")))?;
        let hub = Hub::start(&database, settings.live.clone());
        let service = GameService::new(database, settings.clock.clone(), hub.clone())
            .with_provisional_games(
                settings
                    .rating_provisional_games
                    .unwrap_or(ladder::PROVISIONAL_GAMES),
            )
            .with_session_recheck(settings.session_recheck);
        // Usernames stored before canonical forms get theirs; clashes are logged, not fatal.
        let filler = service.clone();
        web::block(move || filler.fill_username_forms())
            .await
            .map_err(std::io::Error::other)?
            .map_err(|error| std::io::Error::other(format!("username forms: {error}")))?;
        let limits = Arc::new(Limits::new(&settings.limits));
        let listener = TcpListener::bind((settings.host.as_str(), settings.port))?;
        let address = listener.local_addr()?;
        let holder = LeaseHolder::listening_on(address);
        let taker = service.clone();
        let (lineage, name) = (holder.lineage().to_owned(), holder.name());
        let (seats, deliveries) =
            web::block(move || taker.database().take_back_leases(&lineage, &name))
                .await
                .map_err(std::io::Error::other)?
                .map_err(|error| std::io::Error::other(format!("taking back leases: {error}")))?;
        if seats + deliveries > 0 {
            tracing::info!(
                seats,
                deliveries,
                "took back the leases an earlier life of this server held"
            );
        }
        let shutdown = Shutdown::new();
        let bots = crate::bot_runner::spawn(service.clone(), holder.name(), shutdown.subscribe());
        // Runs until the shutdown; a pass in progress is one transaction, done or rolled back.
        drop(crate::matchmaker::spawn(
            service.clone(),
            shutdown.subscribe(),
        ));
        let deliveries = crate::delivery::spawn(
            service.clone(),
            holder.name(),
            settings.webhooks.clone(),
            shutdown.subscribe(),
        )?;
        crate::push::session_sweep::spawn(service.clone(), shutdown.subscribe());
        let (tick_passes, tick) = crate::tick::spawn(
            service.clone(),
            limits.clone(),
            Duration::from_millis(settings.tick_millis),
            shutdown.subscribe(),
        );
        let state = Shared {
            service: web::Data::new(service),
            keys: web::Data::new(keys),
            limits: web::Data::from(limits),
            in_flight: web::Data::new(InFlight::default()),
            cors: CorsOrigins(settings.cors_origins.clone()),
            public_url: web::Data::new(PublicUrl(settings.public_url.clone())),
            max_body_bytes: settings.limits.max_body_bytes,
            body_timeout: BodyTimeout(settings.limits.body_timeout),
            connections: ConnectionsPerClient::new(settings.limits.connections_per_client),
            metrics_access: web::Data::new(MetricsAccess::public(settings.metrics.token.as_ref())),
            deliveries: web::Data::new(deliveries),
        };
        let metrics = match &settings.metrics.addr {
            Some(addr) => {
                let listener = TcpListener::bind(addr.as_str())?;
                let address = listener.local_addr()?;
                let access = MetricsAccess::own_listener(settings.metrics.token.as_ref());
                let server = serve_metrics(listener, state.service.clone(), access)?;
                Some((address, server))
            }
            None => None,
        };
        let server = serve(listener, state, settings.shutdown_timeout)?;
        Ok(Self {
            address,
            server,
            shutdown,
            tick,
            tick_passes,
            shutdown_timeout: settings.shutdown_timeout,
            hub,
            metrics,
            bots,
        })
    }

    /// The address of the metrics listener, when `METRICS_ADDR` asked for one.
    pub fn metrics_address(&self) -> Option<std::net::SocketAddr> {
        self.metrics.as_ref().map(|(address, _)| *address)
    }

    /// The live layer: its `shutdown` ends every open stream with a reconnect hint, and
    /// `open_streams` counts them.
    pub fn hub(&self) -> &Hub {
        &self.hub
    }

    /// What this process's bots have done.
    pub fn bots(&self) -> Arc<BotStats> {
        Arc::clone(&self.bots)
    }

    pub fn address(&self) -> std::net::SocketAddr {
        self.address
    }

    /// The deadline tick's finished passes.
    pub fn tick_passes(&self) -> TickPasses {
        self.tick_passes.clone()
    }

    /// The trigger that stops this server gracefully (`main` pulls it on SIGTERM).
    pub fn shutdown_handle(&self) -> Shutdown {
        self.shutdown.clone()
    }

    /// Serves until the shutdown is triggered: then stops accepting, lets the requests in flight
    /// finish (for up to the shutdown timeout) and waits for the background tick to stop.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let Self {
            server,
            shutdown,
            tick,
            shutdown_timeout,
            hub,
            metrics,
            ..
        } = self;
        let handle = server.handle();
        let metrics_handle = metrics.map(|(_, metrics)| {
            let handle = metrics.handle();
            tokio::spawn(metrics);
            handle
        });
        let mut stop = shutdown.subscribe();
        let stopper = tokio::spawn(async move {
            stop.triggered().await;
            tracing::info!("shutting down: no new connections; finishing requests in flight");
            // Open streams never finish by themselves: end them with a reconnect hint first,
            // so that the graceful stop waits only for ordinary requests.
            hub.shutdown();
            if let Some(metrics) = metrics_handle {
                metrics.stop(true).await;
            }
            handle.stop(true).await;
        });
        let served = server.await;
        // The server may also end on its own (a fatal error): stop the background work too.
        shutdown.trigger();
        stopper.abort();
        if tokio::time::timeout(shutdown_timeout, tick).await.is_err() {
            tracing::warn!("the background tick did not stop within the shutdown timeout");
        }
        tracing::info!("stopped");
        served
    }
}

/// What every worker shares.
#[derive(Clone)]
struct Shared {
    service: web::Data<GameService>,
    keys: web::Data<TokenKeys>,
    limits: web::Data<Limits>,
    in_flight: web::Data<InFlight>,
    cors: CorsOrigins,
    public_url: web::Data<PublicUrl>,
    max_body_bytes: usize,
    body_timeout: BodyTimeout,
    connections: Arc<ConnectionsPerClient>,
    metrics_access: web::Data<MetricsAccess>,
    deliveries: web::Data<crate::delivery::Deliveries>,
}

/// Where the contract is served, for people (`/docs`) and generators.
const CONTRACT_PATH: &str = "/openapi.json";

async fn get_contract() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(crate::spec::COMMITTED_JSON)
}

fn serve(
    listener: TcpListener,
    shared: Shared,
    shutdown_timeout: Duration,
) -> std::io::Result<Server> {
    let connections = shared.connections.clone();
    // The committed contract, for every worker: served as it is, and the source of `Allow`.
    let routes = Arc::new(allowed_methods(crate::spec::COMMITTED_JSON)?);
    let server = HttpServer::new(move || {
        let Shared {
            service,
            keys,
            limits,
            in_flight,
            cors,
            public_url,
            max_body_bytes,
            body_timeout,
            connections: _,
            metrics_access,
            deliveries,
        } = &shared;
        let routes = routes.clone();
        App::new()
            .wrap(actix_web::middleware::from_fn(
                crate::request_log::request_log,
            ))
            .wrap(TracingLogger::<crate::request_span::ScrubbedSpan>::new())
            .wrap(actix_web::middleware::from_fn(
                crate::metrics::count_requests,
            ))
            .wrap(crate::cors::middleware(cors))
            // Outermost: a connection over its address's bound is refused before anything.
            .wrap(actix_web::middleware::from_fn(
                crate::connections::refuse_excess,
            ))
            .app_data(service.clone())
            .app_data(keys.clone())
            .app_data(limits.clone())
            .app_data(in_flight.clone())
            .app_data(public_url.clone())
            .app_data(metrics_access.clone())
            .app_data(deliveries.clone())
            .app_data(json_config(*max_body_bytes))
            .app_data(*body_timeout)
            .app_data(query_config())
            .app_data(path_config())
            .service(crate::routes::health::get_healthz)
            .service(crate::metrics::get_metrics)
            .service(web::scope("/v1").configure(crate::routes::v1_routes))
            .route(CONTRACT_PATH, web::get().to(get_contract))
            .service(
                SwaggerUi::new("/docs/{_:.*}")
                    .config(Config::new([CONTRACT_PATH]).validator_url("none")),
            )
            .route(
                "/docs",
                web::get().to(|| async {
                    HttpResponse::PermanentRedirect()
                        .insert_header(("Location", "/docs/"))
                        .finish()
                }),
            )
            .configure(crate::routes::play::configure)
            .default_service(web::to(move |request: actix_web::HttpRequest| {
                let allow = routes
                    .iter()
                    .find(|(pattern, _)| pattern.is_match(request.path()))
                    .map(|(_, allow)| allow.clone());
                async move {
                    match allow {
                        Some(allow) => method_not_allowed(&allow),
                        None => ApiError::NotFound {
                            code: "not_found",
                            detail: "no such route".to_owned(),
                        }
                        .error_response(),
                    }
                }
            }))
    })
    // Each connection takes a slot for its client address until it closes.
    .on_connect(move |io, data| connections.on_connect(io, data))
    // Signals are handled by the caller through `Shutdown`, so that the background work stops
    // together with the HTTP server.
    .disable_signals()
    .shutdown_timeout(shutdown_timeout.as_secs())
    .listen(listener)?
    .run();
    Ok(server)
}

/// The listener of `/metrics` alone: one worker, nothing else routed.
fn serve_metrics(
    listener: TcpListener,
    service: web::Data<GameService>,
    access: MetricsAccess,
) -> std::io::Result<Server> {
    let access = web::Data::new(access);
    Ok(HttpServer::new(move || {
        App::new()
            .app_data(service.clone())
            .app_data(access.clone())
            .service(crate::metrics::get_metrics)
    })
    .disable_signals()
    .workers(1)
    .listen(listener)?
    .run())
}

/// Every documented path of the contract (JSON) with its methods, as an `Allow` header value.
fn allowed_methods(contract: &str) -> std::io::Result<Vec<(ResourceDef, String)>> {
    /// Only what `Allow` needs: each path's keys (its methods, and fields such as `parameters`).
    #[derive(serde::Deserialize)]
    struct Paths {
        paths: BTreeMap<String, BTreeMap<String, serde::de::IgnoredAny>>,
    }
    let Paths { paths } = serde_json::from_str(contract).map_err(std::io::Error::other)?;
    Ok(paths
        .iter()
        .map(|(path, item)| {
            let methods: Vec<&str> = ["GET", "POST", "PUT", "PATCH", "DELETE"]
                .into_iter()
                .filter(|method| item.contains_key(&method.to_ascii_lowercase()))
                .collect();
            (ResourceDef::new(path.as_str()), methods.join(", "))
        })
        .collect())
}

fn method_not_allowed(allow: &str) -> HttpResponse {
    let mut response = ApiError::MethodNotAllowed(allow.to_owned()).error_response();
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(allow) {
        response
            .headers_mut()
            .insert(actix_web::http::header::ALLOW, value);
    }
    response
}

fn json_config(max_body_bytes: usize) -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(max_body_bytes)
        .error_handler(move |error, _| {
            use actix_web::error::JsonPayloadError;
            match error {
                JsonPayloadError::Overflow { .. }
                | JsonPayloadError::OverflowKnownLength { .. } => {
                    ApiError::PayloadTooLarge(max_body_bytes)
                }
                JsonPayloadError::ContentType => ApiError::UnsupportedMediaType,
                other => ApiError::Malformed(other.to_string()),
            }
            .into()
        })
}

fn query_config() -> web::QueryConfig {
    web::QueryConfig::default()
        .error_handler(|error, _| ApiError::Malformed(error.to_string()).into())
}

fn path_config() -> web::PathConfig {
    // The only path parameter is a game id: one that does not parse names no game.
    web::PathConfig::default().error_handler(|_, _| ApiError::game_not_found().into())
}
