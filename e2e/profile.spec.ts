import { expect, test } from './fixtures'
import { registerAccount, signIn } from './library-fixtures'

// 1x1 PNG
const png = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
	'base64',
)

test('a student edits their profile and uploads a profile picture', async ({
	page,
	javaScriptEnabled,
}) => {
	const student = await registerAccount('student', 'Ada', 'Byron')
	await signIn(page, student.email)
	await page.getByRole('link', { name: 'Profile' }).click()
	await expect(page).toHaveURL(/\/studentdashboard\/profile$/)
	await expect(page.getByRole('heading', { name: 'Ada Byron' })).toBeVisible()

	await page.getByLabel('First name').fill('Augusta')
	await page.getByLabel('Grade level (optional)').fill('Grade 10')
	await page.getByLabel('Guardian name (optional)').fill('Anne Byron')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('Profile updated successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Augusta Byron' })).toBeVisible()
	await expect(page.getByText('Grade 10', { exact: true })).toBeVisible()
	await expect(page.getByText('Signed in as')).toContainText('Augusta Byron')
	// With JavaScript the page stays, and so may the first toast: let it go, so the next one seen is
	// the upload's. A toast under the pointer waits for it to leave (sonner pauses on hover).
	if (javaScriptEnabled) {
		await page.mouse.move(0, 0)
		await expect(page.getByText('Profile updated successfully')).toBeHidden()
	}

	await page
		.getByLabel('New profile picture')
		.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
	await page.getByRole('button', { name: 'Upload picture' }).click()
	await expect(page.getByText('Profile updated successfully')).toBeVisible()
	const picture = page.getByRole('img', { name: 'Profile picture of Augusta Byron' })
	await expect(picture).toBeVisible()
	const image = await page.request.get((await picture.getAttribute('src')) ?? '')
	expect(image.status()).toBe(200)
	expect(image.headers()['content-type']).toBe('image/png')
})

test('a teacher edits subjects and experience; bad input is refused', async ({ page }) => {
	const teacher = await registerAccount('tutor', 'Grace', 'Hopper')
	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/profile')
	await page.getByLabel('Years of experience (optional)').fill('-3')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('Experience cannot be negative')).toBeVisible()

	await page.getByLabel('Years of experience (optional)').fill('12')
	await page.getByLabel('Subjects you teach (optional)').fill('Computing, Mathematics')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('Profile updated successfully')).toBeVisible()
	await expect(page.getByText('Computing, Mathematics', { exact: true })).toBeVisible()
	await expect(page.getByText('12 years')).toBeVisible()
})
