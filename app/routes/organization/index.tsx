import { redirect } from 'react-router'
import type { Route } from './+types/index'
import { requireRole } from '~/platform/request.server'

export function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'organization')
	return redirect('/organization/dashboard')
}
