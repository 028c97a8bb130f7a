use api::configuration::Settings;
use api::startup::Application;
use api::telemetry;

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    telemetry::init();
    let settings = Settings::from_env().map_err(std::io::Error::other)?;
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if arguments
        .first()
        .is_some_and(|command| command == "recompute-ratings")
    {
        let code = api::recompute::run(&settings, &arguments[1..]).await;
        std::process::exit(code);
    }
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
