/**
 * The next-auth-move project's setup: installs the reference app's next-auth and builds the
 * app before and after the move (tests/e2e/next-auth-move/apps.ts), skipping what is current.
 * Its own project, so that no other project waits for these two builds.
 */
import { test as setup } from "@playwright/test"
import { prepareMoveApps } from "./next-auth-move/apps"

setup("install and build the next-auth app and the moved app", () => {
  prepareMoveApps((line) => console.log(`[next-auth-move] ${line}`))
})
