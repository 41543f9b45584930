import { useEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { Menu, X } from 'lucide-react'
import { QueryBoundary } from '../components/query-boundary'
import { Logo } from './logo'
import { Sidebar } from './sidebar'
import { WorkspaceProvider } from './workspace'

/** The signed-in layout: sidebar (a top bar with a menu on narrow screens) and the page. */
export function Shell() {
  const { pathname } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuPath, setMenuPath] = useState(pathname)
  // Navigating closes the mobile menu.
  if (menuPath !== pathname) {
    setMenuPath(pathname)
    setMenuOpen(false)
  }

  useEffect(() => {
    if (!menuOpen) return
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false)
    window.addEventListener('keydown', close)
    return () => window.removeEventListener('keydown', close)
  }, [menuOpen])

  return (
    <WorkspaceProvider>
      <div className="shell" data-menu-open={menuOpen || undefined}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <header className="topbar">
          <span className="brand">
            <Logo size={22} />
            Analytics Admin
          </span>
          <button
            type="button"
            className="icon-btn"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X size={18} aria-hidden /> : <Menu size={18} aria-hidden />}
          </button>
        </header>
        <Sidebar />
        {menuOpen && <div className="scrim" aria-hidden onClick={() => setMenuOpen(false)} />}
        <main id="main" className="main" tabIndex={-1}>
          <QueryBoundary key={pathname}>
            <Outlet />
          </QueryBoundary>
        </main>
      </div>
    </WorkspaceProvider>
  )
}
