/**
 * A throw-away TLS certificate for 127.0.0.1/localhost, made with the openssl
 * CLI. Test runners create it once, before any worker starts, and hand its
 * path to Node through NODE_EXTRA_CA_CERTS (read at process start), so the
 * library's plain fetch() trusts the local identity providers' HTTPS.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"

export interface TestCertificate {
  certFile: string
  keyFile: string
  /** For NODE_EXTRA_CA_CERTS: the certificates it already named (if any) plus this one. */
  trustFile: string
}

export function createTestCertificate(): TestCertificate {
  const dir = mkdtempSync(path.join(os.tmpdir(), "auth-test-tls-"))
  const certFile = path.join(dir, "cert.pem")
  const keyFile = path.join(dir, "key.pem")
  execFileSync(
    "openssl",
    [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", keyFile, "-out", certFile, "-days", "2", "-subj", "/CN=localhost",
      "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-addext", "basicConstraints=critical,CA:TRUE",
    ],
    { stdio: "ignore" },
  )
  // Keep whatever the environment already trusts through the variable (e.g. a proxy's CA).
  const previous = process.env.NODE_EXTRA_CA_CERTS
  const trustFile = path.join(dir, "trust.pem")
  const existing = previous && existsSync(previous) ? `${readFileSync(previous, "utf8").trimEnd()}\n` : ""
  writeFileSync(trustFile, existing + readFileSync(certFile, "utf8"))
  return { certFile, keyFile, trustFile }
}

/** The certificate the runner made (TEST_TLS_CERT / TEST_TLS_KEY), as PEM strings for https.createServer. */
export function testTlsOptions(): { cert: string; key: string } {
  const cert = process.env.TEST_TLS_CERT
  const key = process.env.TEST_TLS_KEY
  if (!cert || !key || !existsSync(cert) || !existsSync(key)) {
    throw new Error("TEST_TLS_CERT/TEST_TLS_KEY are not set: run the tests through vitest (tests/setup/global.ts)")
  }
  return { cert: readFileSync(cert, "utf8"), key: readFileSync(key, "utf8") }
}
