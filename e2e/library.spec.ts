import { readFile } from 'node:fs/promises'
import { expect, logIn, logOut, test } from './fixtures'
import { registerAccount, signIn, uniqueWord } from './library-fixtures'

test('a teacher uploads a resource and a student finds it by search and by filters, then downloads it', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Lena', 'Park')
	const student = await registerAccount('student', 'Omar', 'Haddad')
	const subject = uniqueWord('Astronomy')
	const title = `Planets worksheet ${uniqueWord('w')}`
	const content = '%PDF-1.4\n% Planets of the solar system\n'

	await signIn(page, teacher.email)
	await page.getByRole('link', { name: 'Library' }).click()
	await expect(page).toHaveURL(/\/teachersdashboard\/library$/)
	await page.getByLabel('Title').fill(title)
	await page.getByRole('textbox', { name: 'Subject' }).fill(subject)
	await page.getByLabel('Resource type').selectOption('worksheet')
	await page.getByLabel('Description (optional)').fill('Name the eight planets in order')
	await page.getByLabel('File', { exact: true }).setInputFiles({
		name: 'planets.pdf',
		mimeType: 'application/pdf',
		buffer: Buffer.from(content),
	})
	await page.getByRole('button', { name: 'Upload resource' }).click()
	await expect(page.getByText('Resource uploaded successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await logOut(page)

	await signIn(page, student.email)
	await page.getByRole('link', { name: 'Library' }).click()
	await expect(page).toHaveURL(/\/studentdashboard\/library$/)

	// By search: the description's words find it too.
	await page.getByLabel('Search resources').fill('eight planets')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/search=eight\+planets/)
	await expect(page.getByRole('heading', { name: title })).toBeVisible()

	// By filters: subject and type, kept in the URL.
	await page.getByRole('link', { name: 'Clear filters' }).click()
	// The cleared page has arrived (the filter form is rebuilt then): only now choose new filters.
	await expect(page).toHaveURL(/\/studentdashboard\/library$/)
	await expect(page.getByLabel('Search resources')).toHaveValue('')
	await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('All')
	await expect(page.getByLabel('Type', { exact: true })).toHaveValue('all')
	await page.getByLabel('Subject', { exact: true }).selectOption(subject)
	await page.getByLabel('Type', { exact: true }).selectOption('worksheet')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(new RegExp(`subject=${subject}&type=worksheet`))
	await expect(page.getByText('1 resource', { exact: true })).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()

	await page.getByLabel('Type', { exact: true }).selectOption('video')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page.getByText('No resources match these filters.')).toBeVisible()

	await page.getByLabel('Type', { exact: true }).selectOption('all')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: `Download ${title}` }).click()
	const file = await downloading
	expect(file.suggestedFilename()).toBe('planets.pdf')
	expect((await readFile(await file.path())).toString()).toBe(content)
})

test('the upload form refuses a resource with neither a file nor a link', async ({ page }) => {
	const teacher = await registerAccount('tutor', 'Ravi', 'Shah')
	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/library')
	await page.getByLabel('Title').fill('Empty resource')
	await page.getByRole('textbox', { name: 'Subject' }).fill('Maths')
	await page.getByLabel('Resource type').selectOption('document')
	await page.getByRole('button', { name: 'Upload resource' }).click()
	await expect(page.getByText('Choose a file to upload or give a link')).toBeVisible()
})

test("the demo library has the demo teacher's guide, worksheet and link from the first start", async ({
	page,
}) => {
	await logIn(page, 'student@example.com')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/studentdashboard/library?search=Factorising')
	await expect(
		page.getByRole('heading', { name: 'Factorising quadratics worksheet' }),
	).toBeVisible()
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download Factorising quadratics worksheet' }).click()
	const file = await downloading
	expect(file.suggestedFilename()).toBe('factorising-worksheet.txt')
	expect((await readFile(await file.path())).toString()).toContain('x^2 + 7x + 12')
	await page.goto('/studentdashboard/library?search=Graphing+calculator')
	await expect(page.getByRole('heading', { name: 'Graphing calculator' })).toBeVisible()
})
