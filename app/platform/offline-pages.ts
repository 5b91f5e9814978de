import { useEffect } from 'react'
import { matchRoutes, type DataRouter } from 'react-router'

// React Router fetches a page's code the first time the page is opened, and when that fails (the
// browser went offline) it reloads the document, leaving the user on the browser's own offline
// screen. So once an area's page is idle, the code of the pages its navigation leads to is fetched
// too (the browser keeps a module once imported); offline, those pages then open and say
// 'You are offline' in place, or show what they saved. The routes come from React Router's own
// manifest, which it fills in for the links on screen just after each render.

type RouteEntry = { module: string }
type RouterGlobals = {
	__reactRouterManifest?: { routes: Record<string, RouteEntry | undefined> }
	__reactRouterDataRouter?: DataRouter
}

const imported = new Set<string>()
// React Router looks the links' routes up just after render; until it has, look again shortly.
const ATTEMPTS = 8
const RETRY_MS = 250

function importPagesOf(paths: string[]) {
	const { __reactRouterManifest: manifest, __reactRouterDataRouter: router } =
		window as RouterGlobals
	if (!manifest || !router) return true
	let allKnown = true
	for (const path of paths) {
		const matches = matchRoutes(router.routes, path)
		// Not looked up yet: nothing matches, or only the catch-all page-not-found route does.
		if (!matches || matches.some((match) => match.route.path?.includes('*'))) {
			allKnown = false
			continue
		}
		for (const match of matches) {
			const module = manifest.routes[match.route.id]?.module
			if (!module || imported.has(module)) continue
			imported.add(module)
			import(/* @vite-ignore */ module).catch(() => imported.delete(module))
		}
	}
	return allKnown
}

/** Fetches, when the browser is idle and online, the code of the pages `paths` lead to. */
export function usePagesReadyOffline(paths: string[]) {
	const key = paths.join('\n')
	useEffect(() => {
		const wanted = key.split('\n')
		let attempts = 0
		let timer: ReturnType<typeof setTimeout> | undefined
		const attempt = () => {
			attempts += 1
			if (navigator.onLine && importPagesOf(wanted)) return
			if (attempts < ATTEMPTS) timer = setTimeout(whenIdle, RETRY_MS)
		}
		const whenIdle = () => {
			if ('requestIdleCallback' in window) window.requestIdleCallback(attempt, { timeout: 3000 })
			else attempt()
		}
		whenIdle()
		return () => clearTimeout(timer)
	}, [key])
}
