/**
 * For the helper processes a Playwright run starts as web servers (the OpenID
 * Provider, the mail capture): they stop when signalled, and also when the run
 * that started them is gone, so a killed run leaves no server holding a port.
 */
export function stopWithRun(stop: () => void): void {
  process.on("SIGTERM", stop)
  process.on("SIGINT", stop)
  const parent = Number(process.env.E2E_PARENT_PID)
  if (parent > 0) {
    setInterval(() => {
      try {
        process.kill(parent, 0)
      } catch {
        stop()
      }
    }, 2_000).unref()
  }
}
