use api::configuration::Settings;
use api::startup::Application;
use api::telemetry;

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    telemetry::init();
    let settings = Settings::from_env().map_err(std::io::Error::other)?;
    let application = Application::build(settings).await?;
    tracing::info!(
        address = %application.address(),
        docs = %format!("http://{}/docs", application.address()),
        "cardtable listening"
    );
    println!(
        "Cardtable listening on http://{0} (interactive docs: http://{0}/docs)",
        application.address()
    );
    let shutdown = application.shutdown_handle();
    tokio::spawn(async move {
        api::shutdown::terminate_signal().await;
        shutdown.trigger();
    });
    application.run_until_stopped().await
}
