import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import {
	createStaticHandler,
	createStaticRouter,
	Link as RouterLink,
	StaticRouterProvider,
	type LinkProps,
} from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { Link } from './link'

/** Renders `element` as the page at `url`, inside React Router's server router. */
async function render(url: string, element: ReactNode) {
	const routes = [{ id: 'page', path: '*', element }]
	const handler = createStaticHandler(routes)
	const context = await handler.query(new Request(`http://localhost${url}`))
	if (context instanceof Response) throw new Error('no page')
	const router = createStaticRouter(handler.dataRoutes, context)
	const html = renderToStaticMarkup(
		<StaticRouterProvider router={router} context={context} hydrate={false} />,
	)
	return html
}

/** An element's attributes, in a fixed order: the two links may write them in another. */
function anchors(html: string) {
	return [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map(([, attributes, text]) => ({
		attributes: [...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)]
			.map(([, name, value]) => `${name}=${value}`)
			.sort(),
		text,
	}))
}

const cases: LinkProps[] = [
	{ to: '/' },
	{ to: '/courses' },
	{ to: '/courses/' },
	{ to: '/courses?category=Science&level=Beginner' },
	{ to: '/courses#reviews' },
	{ to: '/courses/a%20b/checkout' },
	{ to: '/studentdashboard', className: 'nav', 'aria-current': 'page' },
	{ to: '/login', reloadDocument: true },
	{ to: '/login', replace: true, state: { from: 'x' }, preventScrollReset: true },
	{ to: '/login', target: '_blank', rel: 'noreferrer' },
	// Handed to React Router's own link.
	{ to: 'relative/path' },
	{ to: '../up' },
	{ to: { pathname: '/courses', search: '?q=1' } },
	{ to: 'https://example.com/elsewhere' },
	{ to: '//example.com/elsewhere' },
	{ to: '/courses', prefetch: 'intent' },
	{ to: '/courses', discover: 'none' },
]

describe("the app's Link", () => {
	it("renders each link as React Router's Link does", async () => {
		for (const url of ['/', '/studentdashboard/courses/c1', '/courses/']) {
			for (const props of cases) {
				const ours = await render(url, <Link {...props}>go</Link>)
				const theirs = await render(url, <RouterLink {...props}>go</RouterLink>)
				expect(anchors(ours), `${url} ${JSON.stringify(props)}`).toEqual(anchors(theirs))
				expect(anchors(ours)).toHaveLength(1)
			}
		}
	})

	it('renders the same in the browser, where its links handle their clicks', async () => {
		// The browser's link is chosen when the module loads where there is a document.
		vi.stubGlobal('document', {})
		vi.resetModules()
		try {
			const { Link: BrowserLink } = await import('./link')
			for (const props of cases) {
				const url = '/studentdashboard/courses/c1'
				const ours = await render(url, <BrowserLink {...props}>go</BrowserLink>)
				const server = await render(url, <Link {...props}>go</Link>)
				expect(anchors(ours), JSON.stringify(props)).toEqual(anchors(server))
			}
		} finally {
			vi.unstubAllGlobals()
			vi.resetModules()
		}
	})
})
