/**
 * Per-test bound for a fast-tier test that starts heavy child processes several times: the formcert
 * CLI or the reference testee in exec mode (each start compiles TypeScript, about half a second on a
 * quiet core and several under load), a headless browser, or a testee it must wait out to its timeout. Such a test cannot honestly meet the 5 s default on a busy 2-core machine;
 * every other test keeps the default, so new slowness still shows.
 */
export const PROCESS_TEST_TIMEOUT_MS = 20_000;
