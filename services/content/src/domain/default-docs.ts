/** The handbook a new network's admins find under Documentation. */
export const DEFAULT_DOCS = [
  {
    slug: 'running-podz',
    title: 'Running PODZ',
    markdown: `# Running PODZ

A short handbook for the people who run the network. The **API reference** page lists every route
and event the platform has.

## Roles

| Access | What it allows |
|---|---|
| admin | Everything: users, requests, pages, plans, documentation |
| editor | Page content and pricing plans |
| owner | Adding and running shows (shown as *podcaster*) |
| host, guest | Credited on shows and episodes |
| user | Following shows, messages, asking for access |

## Access requests

Members ask to become podcasters (\`owner\`) or guests from **Add your PODZ**. Review them under
**User Requests**: approving adds the access at once, and the member's next page load shows it.

## Page content

Editors change the home, about, advertise and contact pages under **Page Content**. Every save is a
new version; the last 20 are kept and any of them can be restored.

## Pricing

Plans are edited under **Pricing**. The \`free\` plan is where every new member starts, so it cannot be
deactivated or deleted.
`,
  },
];
