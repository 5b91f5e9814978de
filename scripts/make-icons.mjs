// Draws the home-screen icons of the web app manifest from the favicon's design, once; the PNGs
// are committed (public/icons/). Run again after changing the design: node scripts/make-icons.mjs
import { chromium } from '@playwright/test'

const glyph = '<path d="M8 10h16v3h-6.5v11h-3V13H8z" fill="#fff"/>'
// "any": the favicon as it is. "maskable": full-bleed colour with the letter inside the central
// safe zone (a circle of 40 % of the size), since the launcher crops it to its own shape.
const icons = [
	{
		file: 'icon-192.png',
		size: 192,
		svg: `<rect width="32" height="32" rx="6" fill="#3730a3"/>${glyph}`,
	},
	{
		file: 'icon-512.png',
		size: 512,
		svg: `<rect width="32" height="32" rx="6" fill="#3730a3"/>${glyph}`,
	},
	{
		file: 'icon-maskable-512.png',
		size: 512,
		svg: `<rect width="32" height="32" fill="#3730a3"/><g transform="translate(16 17) scale(0.6) translate(-16 -17)">${glyph}</g>`,
	},
]

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
})
try {
	for (const { file, size, svg } of icons) {
		const page = await browser.newPage({ viewport: { width: size, height: size } })
		await page.setContent(
			`<style>html,body{margin:0;background:transparent}</style><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${svg}</svg>`,
		)
		await page.screenshot({ path: `public/icons/${file}`, omitBackground: true })
		await page.close()
	}
} finally {
	await browser.close()
}
