import type { Page } from '@playwright/test'
import { demoPassword, expect, test } from './fixtures'

// The school's pages in the browser's language (issue 40): an organization and a teacher whose
// browser asks for French see the organization's pages and the week's schedule in French, the
// week from Monday; in Arabic the pages run right to left and fit a 360 px screen.

/** Logs in by the form's field names, whatever language the login page speaks. */
async function logInAs(page: Page, email: string, as: 'user' | 'organization' = 'user') {
	await page.goto(as === 'organization' ? '/login?as=organization' : '/login')
	await page.locator('input[name="email"]').fill(email)
	await page.locator('input[name="password"]').fill(demoPassword)
	await page.locator('input[name="password"]').press('Enter')
	await expect(page).toHaveURL(as === 'organization' ? /\/organization\// : /\/teachersdashboard/)
}

/** No horizontal scrolling: nothing on the page is wider than the screen. */
async function expectNoOverflow(page: Page) {
	const widths = await page.evaluate(() => ({
		page: document.documentElement.scrollWidth,
		screen: window.innerWidth,
	}))
	expect(widths.page).toBeLessThanOrEqual(widths.screen)
}

// A Wednesday: its week runs from Monday 23 November in French, Saturday 21 November in Arabic.
const WEDNESDAY = '2026-11-25'

test.describe('in French', () => {
	test.use({ locale: 'fr-FR' })

	test('an organization sees its dashboard, departments, students, roster and announcements in French', async ({
		page,
	}) => {
		await logInAs(page, 'organization@example.com', 'organization')
		await page.goto('/organization/dashboard')
		await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
		await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
		await expect(page).toHaveTitle('Tableau de bord de l’organisation | TutorHub')
		await expect(page.getByRole('heading', { name: 'Départements', level: 2 })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Gérer les départements' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Ajout rapide d’un département' })).toBeVisible()

		await page.goto('/organization/departments')
		await expect(page.getByRole('heading', { name: 'Départements', level: 1 })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Créer un département' })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Créer le département' })).toBeVisible()

		await page.goto('/organization/students')
		await expect(page.getByRole('heading', { name: 'Élèves', level: 1 })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Inscrire un nouvel élève' })).toBeVisible()
		await expect(
			page.getByRole('heading', { name: 'Invitations en attente de réponse' }),
		).toBeVisible()

		await page.goto('/organization/roster')
		await expect(page).toHaveTitle('Liste des élèves | TutorHub')
		await expect(page.getByRole('heading', { name: 'Importer une liste' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Télécharger le modèle' })).toBeVisible()

		await page.goto('/organization/org/announcement/list')
		await expect(page.getByRole('heading', { name: 'Annonces', level: 1 })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Publier l’annonce' })).toBeVisible()
	})

	test('a teacher’s week runs from Monday to Sunday, in French', async ({ page }) => {
		await logInAs(page, 'teacher@example.com')
		await page.goto(`/teachersdashboard/schedule?week=${WEDNESDAY}`)
		await expect(page.getByRole('heading', { name: 'Calendrier', level: 1 })).toBeVisible()
		const week = page.getByRole('region', { name: /^Semaine du 23 nov\. 2026 au 29 nov\. 2026$/ })
		await expect(week).toBeVisible()
		await expect(week.getByRole('link', { name: 'Semaine précédente' })).toBeVisible()
		const days = week.locator('ol > li')
		await expect(days).toHaveCount(7)
		await expect(days.first()).toHaveAttribute('aria-label', /^lundi 23 nov/)
		await expect(days.last()).toHaveAttribute('aria-label', /^dimanche 29 nov/)
		await expect(page.getByRole('heading', { name: 'Toutes les séances' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Flux de calendrier' })).toBeVisible()
	})
})

test.describe('in Arabic at 360 px', () => {
	test.use({ locale: 'ar', viewport: { width: 360, height: 800 } })

	test('an organization’s pages run right to left and fit the screen', async ({ page }) => {
		await logInAs(page, 'organization@example.com', 'organization')
		for (const [path, heading] of [
			['/organization/dashboard', 'إضافة قسم بسرعة'],
			['/organization/departments', 'إنشاء قسم'],
			['/organization/students', 'تسجيل طالب جديد'],
			['/organization/roster', 'استيراد قائمة'],
			['/organization/org/announcement/list', 'إعلان جديد'],
		] as const) {
			await page.goto(path)
			await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
			await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
			await expect(page.getByRole('heading', { name: heading })).toBeVisible()
			await expectNoOverflow(page)
		}
	})

	test('a teacher’s week runs from Saturday, right to left, and fits the screen', async ({
		page,
	}) => {
		await logInAs(page, 'teacher@example.com')
		await page.goto(`/teachersdashboard/schedule?week=${WEDNESDAY}`)
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
		await expect(page.getByRole('heading', { name: 'الجدول', level: 1 })).toBeVisible()
		const days = page.getByRole('region', { name: /^أسبوع من/ }).locator('ol > li')
		await expect(days).toHaveCount(7)
		await expect(days.first()).toHaveAttribute('aria-label', /^السبت/)
		await expect(days.last()).toHaveAttribute('aria-label', /^الجمعة/)
		await expectNoOverflow(page)
	})
})
