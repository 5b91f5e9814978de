import { registerOrganization } from './http/security-world'
import { demoPassword, expect, logIn, test, uniqueEmail } from './fixtures'

// Issue 16: a mean is banded before it is rounded for display. Scores of 90 and 89.99 average
// 89.995: the card shows 90 but the band stays 80-90, on the list and on the card.

test('an average of 89.995 reads 90 and is banded 80-90 on the result cards', async ({ page }) => {
	const organization = await registerOrganization('bands')
	const { user } = await organization.api.ok('POST', '/auth/register-student/organization', {
		firstName: 'Bea',
		lastName: 'Boundary',
		email: uniqueEmail('bea'),
		password: demoPassword,
	})
	await organization.api.ok('PUT', `/organizations/${organization.api.id}/scores`, {
		term: 'Spring 2026',
		scores: [
			{ studentId: user.id, subject: 'Maths', score: 90 },
			{ studentId: user.id, subject: 'Art', score: 89.99 },
		],
	})

	await logIn(page, organization.email, demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page
		.getByRole('navigation', { name: 'Organization navigation' })
		.getByRole('link', { name: 'Result cards' })
		.click()
	const list = page.getByRole('table', { name: 'Result cards for Spring 2026 (1)' })
	await expect(list.getByRole('row', { name: /Bea Boundary 90 80-90/ })).toBeVisible()
	await list.getByRole('link', { name: 'Open the result card of Bea Boundary' }).click()
	const card = page.getByRole('article', { name: 'Result card: Bea Boundary' })
	await expect(card.getByTestId('result-card-average')).toHaveText('90')
	await expect(card.getByRole('row', { name: 'Average 90 80-90' })).toBeVisible()
	await expect(card.getByRole('row', { name: 'Art 89.99 80-90' })).toBeVisible()
	await expect(card.getByRole('row', { name: 'Maths 90 90-100' })).toBeVisible()
})
