import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

// Every URL of the app, grouped by area (spec section 2). Later areas add their pages here.
export default [
	layout('routes/public/layout.tsx', [
		index('routes/public/home.tsx'),
		route('pricing', 'routes/public/pricing.tsx'),
		route('about-us', 'routes/public/about-us.tsx'),
		route('contact-us', 'routes/public/contact-us.tsx'),
		route('login', 'routes/public/login.tsx'),
		route('unauthorized', 'routes/public/unauthorized.tsx'),
		route('signup/:role', 'routes/public/signup.tsx'),
	]),
	route('logout', 'routes/public/logout.tsx'),

	route('studentdashboard', 'routes/student/layout.tsx', [index('routes/student/dashboard.tsx')]),

	route('teachersdashboard', 'routes/teacher/layout.tsx', [index('routes/teacher/dashboard.tsx')]),

	route('organization', 'routes/organization/layout.tsx', [
		index('routes/organization/index.tsx'),
		route('dashboard', 'routes/organization/dashboard.tsx'),
	]),

	route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig
