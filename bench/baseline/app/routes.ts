import { type RouteConfig, type RouteConfigEntry, index } from '@react-router/dev/routes'
import product from '../../../app/routes'

/**
 * The product's route table with every module empty: the same paths, nesting and number of routes,
 * each layout an Outlet and each page a line of text. React Router's own work per request grows
 * with the table (matching it, the partial manifest), so the throughput targets compare the
 * product with this (issue 28); the one-route table stays the ceiling shown beside it.
 */
function emptied(entries: RouteConfigEntry[]): RouteConfigEntry[] {
	return entries.map(({ children, file, id, ...entry }) => ({
		...entry,
		id: id ?? file.replace(/\.tsx?$/, ''),
		file: children?.length ? 'routes/empty-layout.tsx' : 'routes/empty-page.tsx',
		...(children?.length && { children: emptied(children) }),
	}))
}

export default (process.env.BASELINE_ROUTES === 'product'
	? emptied(product)
	: [index('routes/home.tsx')]) satisfies RouteConfig
