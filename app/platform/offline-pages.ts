import { useEffect, useState } from 'react'
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

const imported = new Map<string, Promise<unknown>>()
// React Router looks the links' routes up just after render; until it has, look again shortly.
const ATTEMPTS = 40
const RETRY_MS = 250

/** The imports of the pages `paths` lead to, or null while some are not looked up yet. */
function importPagesOf(paths: string[]): Promise<unknown>[] | null {
	const { __reactRouterManifest: manifest, __reactRouterDataRouter: router } =
		window as RouterGlobals
	if (!manifest || !router) return []
	let allKnown = true
	const loads: Promise<unknown>[] = []
	for (const path of paths) {
		const matches = matchRoutes(router.routes, path)
		// Not looked up yet: nothing matches, or only the catch-all page-not-found route does.
		if (!matches || matches.some((match) => match.route.path?.includes('*'))) {
			allKnown = false
			continue
		}
		for (const match of matches) {
			const module = manifest.routes[match.route.id]?.module
			if (!module) continue
			let load = imported.get(module)
			if (!load) {
				load = import(/* @vite-ignore */ module)
				imported.set(module, load)
				load.catch(() => imported.delete(module))
			}
			loads.push(load)
		}
	}
	return allKnown ? loads : null
}

/**
 * Fetches, when the browser is idle and online, the code of the pages `paths` lead to. True once
 * all of it is here (the navigation says so in `data-offline-ready`).
 */
export function usePagesReadyOffline(paths: string[]) {
	const key = paths.join('\n')
	const [ready, setReady] = useState(false)
	useEffect(() => {
		const wanted = key.split('\n')
		let attempts = 0
		let timer: ReturnType<typeof setTimeout> | undefined
		let current = true
		const attempt = () => {
			attempts += 1
			const loads = navigator.onLine ? importPagesOf(wanted) : null
			if (loads) {
				Promise.all(loads).then(
					() => current && setReady(true),
					() => undefined, // one failed: it is tried again on the next page
				)
				return
			}
			if (attempts < ATTEMPTS) timer = setTimeout(whenIdle, RETRY_MS)
		}
		const whenIdle = () => {
			if ('requestIdleCallback' in window) window.requestIdleCallback(attempt, { timeout: 3000 })
			else attempt()
		}
		whenIdle()
		return () => {
			current = false
			clearTimeout(timer)
		}
	}, [key])
	return ready
}
