export const roles = ['student', 'tutor', 'organization'] as const
export type Role = (typeof roles)[number]

/** Where each role lands after login, and the root of the area its guard protects. */
export const dashboardPath: Record<Role, string> = {
	student: '/studentdashboard',
	tutor: '/teachersdashboard',
	organization: '/organization/dashboard',
}

export const roleLabel: Record<Role, string> = {
	student: 'Student',
	tutor: 'Teacher',
	organization: 'Organization',
}
