use std::net::TcpListener;
use std::time::Duration;

use actix_web::dev::{ResourceDef, Server};
use actix_web::{App, HttpResponse, HttpServer, ResponseError, web};
use tracing_actix_web::TracingLogger;
use utoipa_actix_web::{AppExt, scope};
use utoipa_swagger_ui::{Config, SwaggerUi};

use crate::auth::TokenKeys;
use crate::configuration::Settings;
use crate::error::ApiError;
use crate::service::GameService;
use crate::tick::TickPasses;

/// A bound, ready-to-run server.
pub struct Application {
    address: std::net::SocketAddr,
    server: Server,
    tick_passes: TickPasses,
}

impl Application {
    /// Connects the database (running migrations), loads the signing keys, binds the port
    /// (0 = any free port) and starts the deadline tick.
    pub async fn build(settings: Settings) -> std::io::Result<Self> {
        let url = settings.database_url.clone();
        let database = web::block(move || persistence::Database::connect(&url))
            .await
            .map_err(std::io::Error::other)?
            .map_err(|error| std::io::Error::other(format!("database: {error}")))?;
        let keys = TokenKeys::load(
            settings.jwt_secret.as_deref(),
            &settings.data_dir,
            settings.token_ttl_secs,
        )?;
        let service = GameService::new(database, settings.clock.clone());
        let listener = TcpListener::bind((settings.host.as_str(), settings.port))?;
        let address = listener.local_addr()?;
        let tick_passes =
            crate::tick::spawn(service.clone(), Duration::from_millis(settings.tick_millis));
        let server = serve(listener, service, keys)?;
        Ok(Self {
            address,
            server,
            tick_passes,
        })
    }

    pub fn address(&self) -> std::net::SocketAddr {
        self.address
    }

    /// The deadline tick's finished passes.
    pub fn tick_passes(&self) -> TickPasses {
        self.tick_passes.clone()
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

fn serve(listener: TcpListener, service: GameService, keys: TokenKeys) -> std::io::Result<Server> {
    let service = web::Data::new(service);
    let keys = web::Data::new(keys);
    let server = HttpServer::new(move || {
        let (app, api) = App::new()
            .into_utoipa_app()
            .openapi(crate::spec::base())
            .map(|app| {
                app.wrap(actix_web::middleware::from_fn(
                    crate::request_log::request_log,
                ))
                .wrap(TracingLogger::default())
                .app_data(service.clone())
                .app_data(keys.clone())
                .app_data(json_config())
                .app_data(query_config())
                .app_data(path_config())
            })
            .service(crate::routes::health::get_healthz)
            .service(scope::scope("/v1").configure(crate::routes::v1))
            .split_for_parts();
        let api = crate::spec::finish(api);
        let routes = allowed_methods(&api);
        app.service(
            SwaggerUi::new("/docs/{_:.*}")
                .url("/openapi.json", api)
                .config(Config::default().validator_url("none")),
        )
        .route(
            "/docs",
            web::get().to(|| async {
                HttpResponse::PermanentRedirect()
                    .insert_header(("Location", "/docs/"))
                    .finish()
            }),
        )
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
    .listen(listener)?
    .run();
    Ok(server)
}

/// Every documented path with its methods, as an `Allow` header value.
fn allowed_methods(api: &utoipa::openapi::OpenApi) -> Vec<(ResourceDef, String)> {
    api.paths
        .paths
        .iter()
        .map(|(path, item)| {
            let methods: Vec<&str> = [
                ("GET", item.get.is_some()),
                ("POST", item.post.is_some()),
                ("PUT", item.put.is_some()),
                ("PATCH", item.patch.is_some()),
                ("DELETE", item.delete.is_some()),
            ]
            .into_iter()
            .filter_map(|(method, present)| present.then_some(method))
            .collect();
            (ResourceDef::new(path.as_str()), methods.join(", "))
        })
        .collect()
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

fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(64 * 1024)
        .error_handler(|error, _| ApiError::Malformed(error.to_string()).into())
}

fn query_config() -> web::QueryConfig {
    web::QueryConfig::default()
        .error_handler(|error, _| ApiError::Malformed(error.to_string()).into())
}

fn path_config() -> web::PathConfig {
    // The only path parameter is a game id: one that does not parse names no game.
    web::PathConfig::default().error_handler(|_, _| ApiError::game_not_found().into())
}
