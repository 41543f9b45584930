import '../app/zod-config'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { sharedRecording } from '../contracts/shared-recording'
import { SharedRecordingPage } from './shared-recording-page'
import '../app/theme.css'
import '../components/components.css'
import '../components/components-data.css'
import './shared-recording.css'

// The public page of a shared recording (/shared/:token, /embedded/:token): a small entry of its own,
// not the console. The server puts the recording's times into the page; the token is in its path.
const [, kind, token = ''] = location.pathname.split('/')
const data = document.getElementById('shared-recording')?.textContent
const parsed = sharedRecording.safeParse(data ? JSON.parse(data) : null)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {parsed.success ? (
      <SharedRecordingPage recording={parsed.data} token={decodeURIComponent(token)} embedded={kind === 'embedded'} />
    ) : (
      <main className="shared-page">
        <h1>This link does not work</h1>
        <p className="muted">The page did not come with the recording it links to. Open the link again.</p>
      </main>
    )}
  </StrictMode>,
)
