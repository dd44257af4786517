import type { BrowserKind } from './detect-browser.ts';

/** How to allow notifications for Hit21 in each browser, for the settings dialog. */
export interface BrowserInstructions {
  kind: BrowserKind;
  name: string;
  steps: readonly string[];
}

const RELOAD = 'Reload Hit21 and switch browser notifications on here.';

export const BROWSER_INSTRUCTIONS: readonly BrowserInstructions[] = [
  {
    kind: 'chrome',
    name: 'Chrome',
    steps: [
      'Click the site controls icon to the left of the address bar.',
      'Turn on Notifications, or open Site settings and set Notifications to Allow.',
      RELOAD,
    ],
  },
  {
    kind: 'firefox',
    name: 'Firefox',
    steps: [
      'Click the padlock or the permissions icon to the left of the address bar.',
      'Next to Send Notifications, click the cross to clear "Blocked".',
      'Reload Hit21 and switch browser notifications on here: Firefox will ask again, choose Allow.',
    ],
  },
  {
    kind: 'safari',
    name: 'Safari',
    steps: [
      'On a Mac: open Safari, then Settings, then Websites, then Notifications.',
      'Find this site in the list and choose Allow.',
      'On an iPhone or iPad: add Hit21 to your Home Screen (Share, then Add to Home Screen) and open it from there; its notifications are under Settings, then Notifications.',
    ],
  },
  {
    kind: 'edge',
    name: 'Edge',
    steps: [
      'Click the padlock to the left of the address bar, then Permissions for this site.',
      'Set Notifications to Allow.',
      RELOAD,
    ],
  },
  {
    kind: 'other',
    name: 'Other browsers',
    steps: [
      'Open the site settings for this site, usually from the icon to the left of the address bar.',
      'Find Notifications and choose Allow.',
      `${RELOAD} Some browsers, mostly on phones, cannot show notifications from websites: the bell still shows every notification.`,
    ],
  },
];
