import { expect, logIn, registerOrganization, test, uniqueEmail } from './fixtures'
import { waitForMail } from './mailbox'

// Issue 40's must-show (decision 064): an organization whose default language is French registers
// a student through its pages, and the student's welcome mail arrives in French. The pages are in
// French once the language is chosen, so the form is found by its fields, not its English words.

const password = 'a-good-password'

test('an organization whose default is French registers a student, who gets the welcome mail in French', async ({
	page,
}) => {
	const organizationEmail = await registerOrganization('Collège Voltaire', password)
	await logIn(page, organizationEmail, password, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)

	// The footer's language form, signed in as the organization: its default for its members.
	const footer = page.locator('footer')
	await footer.locator('select[name="locale"]').selectOption('fr')
	await footer.locator('form[action="/language"] button[type="submit"]').click()
	await expect(page.locator('html')).toHaveAttribute('lang', 'fr')

	await page.goto('/organization/students')
	const studentEmail = uniqueEmail('eleve')
	const newStudent = page.locator('form#new-student')
	await newStudent.locator('input[name="firstName"]').fill('Léa')
	await newStudent.locator('input[name="lastName"]').fill('Martin')
	await newStudent.locator('input[name="email"]').fill(studentEmail)
	await newStudent.locator('input[name="password"]').fill(password)
	await newStudent.locator('button[type="submit"]').click()
	await expect(page.getByRole('cell', { name: 'Léa Martin', exact: true })).toBeVisible()

	const mail = await waitForMail(studentEmail, 'Confirmez votre adresse e-mail TutorHub')
	expect(mail.text).toContain('Bonjour Léa,')
	expect(mail.text).toContain(
		'Bienvenue sur TutorHub. Confirmez que cette adresse e-mail est bien la vôtre avec le bouton ci-dessous.',
	)
	expect(mail.text).toContain('Le lien ne fonctionne qu’une seule fois, pendant trois jours.')
	expect(mail.html).toContain('<html lang="fr" dir="ltr">')
	expect(mail.html).toContain('Confirmer mon adresse e-mail')
	expect(mail.text).not.toContain('Welcome to TutorHub')
})
