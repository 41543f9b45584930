import { PageSkeleton, Skeleton } from '../components/skeleton'
import { Logo } from './logo'

/** The shell's shape while the signed-in user and key load. */
export function ShellSkeleton() {
  return (
    <div className="shell">
      <aside className="sidebar" aria-hidden>
        <div className="sidebar-brand">
          <Logo size={24} />
          <span>Analytics Admin</span>
        </div>
        <div className="sidebar-switchers">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </div>
        <div className="stack">
          <Skeleton height={20} />
          <Skeleton height={20} />
          <Skeleton height={20} />
        </div>
      </aside>
      <main className="main">
        <PageSkeleton />
      </main>
    </div>
  )
}
