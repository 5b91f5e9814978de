import { data } from 'react-router'

// Any URL no route claims: a real 404 status, rendered by the root boundary (or, under an area,
// by the area's boundary inside its navigation: routes.ts mounts this page there too).
export function loader() {
	throw data(null, { status: 404, statusText: 'Not Found' })
}

export default function NotFound() {
	return null
}
