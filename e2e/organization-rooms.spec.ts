import { ApiClient, registerOrganization } from './http/security-world'
import { demoPassword, expect, logIn, test, uniqueEmail } from './fixtures'
import { uniqueWord } from './library-fixtures'

// Issue 16: an organization opens the live rooms of its own courses (it looks on: the room and its
// chat), and never another organization's.

/** An organization whose own teacher runs a course with a live room that has a chat message. */
async function organizationWithRoom(prefix: string) {
	const organization = await registerOrganization(prefix)
	const teacherEmail = uniqueEmail(`${prefix}-teacher`)
	await organization.api.ok('POST', '/auth/register-tutor/organization', {
		firstName: 'Rhea',
		lastName: 'Rooms',
		email: teacherEmail,
		password: demoPassword,
	})
	const teacher = new ApiClient(teacherEmail)
	const courseTitle = `Chemistry ${uniqueWord('c')}`
	const { course } = await teacher.ok('POST', '/courses/create-course', {
		title: courseTitle,
		description: 'Bonds and reactions.',
		category: 'Science',
		level: 'Beginner',
		price: { amount: 0, currency: 'USD' },
		isPublished: true,
	})
	const roomTitle = `Molecules live ${uniqueWord('r')}`
	const { room } = await teacher.ok('POST', '/rooms', { courseId: course.id, title: roomTitle })
	await teacher.ok('POST', `/rooms/${room.id}/messages`, { text: 'Welcome to the lab' })
	return { organization, roomId: room.id as string, roomTitle, courseTitle }
}

test('an organization opens the live room of its own course from its navigation, and reads the chat', async ({
	page,
}) => {
	const { organization, roomId, roomTitle, courseTitle } = await organizationWithRoom('rooms-own')

	await logIn(page, organization.email, demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page
		.getByRole('navigation', { name: 'Organization navigation' })
		.getByRole('link', { name: 'Live rooms' })
		.click()
	await expect(page).toHaveURL(/\/conference$/)
	await expect(page.getByRole('heading', { name: 'Live rooms', level: 1 })).toBeVisible()
	const row = page.getByRole('row', { name: new RegExp(roomTitle) })
	await expect(row).toContainText(courseTitle)
	await expect(row).toContainText('Rhea Rooms')
	// Only teachers start rooms.
	await expect(page.getByRole('heading', { name: 'Start a live room' })).toHaveCount(0)

	await row.getByRole('link', { name: `Open ${roomTitle}` }).click()
	await expect(page).toHaveURL(new RegExp(`/conference/classroom/${roomId}$`))
	await expect(page.getByRole('heading', { name: roomTitle, level: 1 })).toBeVisible()
	await expect(
		page.getByText('Your organization runs this course: you can look on here and read the chat.'),
	).toBeVisible()
	await expect(page.getByText('Welcome to the lab')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Send message' })).toHaveCount(0)
	await expect(page.getByRole('button', { name: 'End session for everyone' })).toHaveCount(0)
	await page.getByRole('link', { name: 'Open the whiteboard' }).click()
	await expect(page.getByText('Welcome to the lab')).toBeVisible()
	await expect(page.getByRole('navigation', { name: 'Live room navigation' })).toBeVisible()
})

test('another organization’s live room stays closed: Access denied, and not in its list', async ({
	page,
}) => {
	const { roomId, roomTitle } = await organizationWithRoom('rooms-owner')
	const other = await registerOrganization('rooms-other')

	await logIn(page, other.email, demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page.goto('/conference')
	await expect(page.getByText('No live rooms yet for your courses.')).toBeVisible()
	const refused = await page.goto(`/conference/classroom/${roomId}`)
	expect(refused?.status()).toBe(403)
	await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
	await expect(page.getByRole('navigation', { name: 'Live room navigation' })).toBeVisible()
	await expect(page.getByText(roomTitle)).toHaveCount(0)
	await expect(page.getByText('Welcome to the lab')).toHaveCount(0)
})
