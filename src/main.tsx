import './app/zod-config'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { isApiError } from './lib/api-error'
import { connectSession, consumeKeyFragment, keepSessionAcrossReload } from './api/session'
import { onBeforeReload } from './lib/reload'
import { App } from './app/app'
import { firstPageReady } from './app/first-render'
import { warmUpWhenIdle } from './app/idle-warm-up'
import { createQueryClient } from './app/query-client'
import { createRouter } from './app/router'
import './app/theme.css'
import './app/shell.css'
import './components/components.css'
import './components/components-data.css'
import './components/components-form.css'

// Before anything renders: take the key out of a `#key=…` sign-in link and out of the address bar,
// then join the other tabs (a new tab without a key asks them for theirs).
consumeKeyFragment()
void connectSession()
// When the console reloads itself (a page's code after a deploy), a "Don't remember me" session survives it.
onBeforeReload(keepSessionAcrossReload)

// The router starts loading the first page (its code, and its data, which index.html's first requests
// may already have) before anything renders; the first render waits for it, briefly (./app/first-render).
const client = createQueryClient()
const router = createRouter(client)
const root = createRoot(document.getElementById('root')!, {
  // API failures caught by a boundary are shown in the page; only unexpected errors go to the console.
  onCaughtError: (error, info) => {
    if (!isApiError(error)) console.error(error, info.componentStack)
  },
})
void firstPageReady(router).then(() => {
  root.render(
    <StrictMode>
      <App client={client} router={router} />
    </StrictMode>,
  )
  warmUpWhenIdle()
})
