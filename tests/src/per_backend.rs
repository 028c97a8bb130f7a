/// Turns the scenario `async fn name(app: TestApp)` into one test per backend, `name::sqlite`
/// and `name::postgres`, each on a fresh server and database. A failure names its backend, and
/// one backend failing does not hide the other's result. Without a PostgreSQL URL the
/// `postgres` test says it is skipped and passes, except under CI (see [`postgres_backend`]).
///
/// [`postgres_backend`]: crate::postgres_backend
#[macro_export]
macro_rules! per_backend {
    ($($scenario:ident),+ $(,)?) => {$(
        mod $scenario {
            #[tokio::test]
            async fn sqlite() {
                super::$scenario($crate::TestApp::spawn(&$crate::Backend::Sqlite).await).await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some(backend) = $crate::postgres_backend() {
                    super::$scenario($crate::TestApp::spawn(&backend).await).await;
                }
            }
        }
    )+};
}

/// For a scenario only PostgreSQL has (several processes on one database, TLS to the database):
/// one test, `name::postgres`, and no SQLite test that would pass without testing anything. The
/// scenario, `async fn name(admin_url: &str)`, gets the PostgreSQL server's URL. Without one the
/// test says it is skipped and passes, except under CI, where it fails (see
/// [`postgres_backend`]).
///
/// [`postgres_backend`]: crate::postgres_backend
#[macro_export]
macro_rules! postgres_only {
    ($($scenario:ident),+ $(,)?) => {$(
        mod $scenario {
            #[tokio::test]
            async fn postgres() {
                if let Some($crate::Backend::Postgres(admin_url)) = $crate::postgres_backend() {
                    super::$scenario(&admin_url).await;
                }
            }
        }
    )+};
}
