// Bare-stack baseline: the same libraries as the console, listing 100 recordings from the same server.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { useForm } from 'react-hook-form'
import { createBrowserRouter, RouterProvider, useSearchParams } from 'react-router-dom'
import { z } from 'zod'

const row = z.object({ id: z.string(), start_time: z.string(), recording_duration: z.number() })
const page = z.object({ results: z.array(row) })

function List() {
  const [params] = useSearchParams()
  const { register } = useForm<{ q: string }>()
  const { data } = useQuery({
    queryKey: ['recordings', params.get('project')],
    queryFn: async () => {
      const res = await fetch(`/api/projects/${params.get('project')}/session_recordings/?limit=100`, {
        headers: { authorization: `Bearer ${sessionStorage.getItem('key')}` },
      })
      return page.parse(await res.json())
    },
  })
  return (
    <main>
      <input {...register('q')} aria-label="Search" />
      <table>
        <tbody>
          {data?.results.map((r) => (
            <tr key={r.id}>
              <td>{r.start_time}</td>
              <td>{r.recording_duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  )
}

const router = createBrowserRouter([{ path: '*', element: <List /> }])
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
)
