import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { LegalSection } from '../components/legal-document.tsx';

export const TERMS_CONTACT_EMAIL = 'support@hit21.app';
export const TERMS_OF_USE_LAST_UPDATED = 'August 2025';

export const TERMS_OF_USE_INTRO = (
  <p>
    These terms are the agreement between you and Hit21 when you use the Hit21 game and website. Please read
    them before you sign up. The short version: play fair, be decent to other players, and remember that Hit21
    is a free game played for fun and bragging rights.
  </p>
);

export const TERMS_OF_USE_SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    content: (
      <>
        <p>
          By creating an account, joining the waitlist or otherwise using Hit21, you agree to these terms and
          to the game rules shown in the app. If you do not agree, please do not use Hit21.
        </p>
        <p>
          Our <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link> explains how we handle your
          personal information and forms part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can play',
    content: (
      <ul>
        <li>You must be 18 or over to create an account.</li>
        <li>You may have one account. Accounts are personal and may not be shared, sold or transferred.</li>
        <li>The information you give us, including your date of birth, must be true and kept up to date.</li>
      </ul>
    ),
  },
  {
    id: 'the-game',
    title: 'The game',
    content: (
      <>
        <p>
          Hit21 is free to play. You pick 4 Premier League outfield players and aim for a season total of 21
          goals without going over. The full rules, including the pick deadline, going bust and tie-breaks,
          are on the Rules page of the app, and they form part of these terms.
        </p>
        <ul>
          <li>
            Goals are counted from official Premier League match data. If the data is corrected (for example,
            when a goal is re-awarded), scores and rankings are updated to match.
          </li>
          <li>
            Teams lock at the pick deadline. After it, we cannot change a team on your behalf, including
            because of injuries, transfers or mistakes.
          </li>
          <li>
            Hit21 offers no cash prizes. Winners get the bragging rights, and forfeits are agreed between the
            members of each Mini League.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-responsibilities',
    title: 'Your responsibilities',
    content: (
      <>
        <p>When you use Hit21 you agree that you will not:</p>
        <ul>
          <li>
            create several accounts, or use bots, scripts or other automated means to play or to collect data;
          </li>
          <li>
            try to break, overload or get around the security of Hit21, or access other players' accounts;
          </li>
          <li>
            use a name, league name or anything else that is offensive, hateful, impersonates someone else or
            infringes someone's rights;
          </li>
          <li>harass, threaten or abuse other players, including through league forfeits;</li>
          <li>use Hit21 for gambling, or for any unlawful purpose.</li>
        </ul>
        <p>
          You are responsible for keeping your password secret and for activity on your account. If you think
          someone else has used it, change your password and tell us.
        </p>
        <p>
          If you run a Mini League, you are responsible for who you let in and for the forfeits your league
          agrees. Forfeits must be legal, safe and genuinely voluntary.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    content: (
      <>
        <p>
          The Hit21 name, logo, design, text and software belong to Hit21 or its licensors. You may use them
          only to play the game; you may not copy, resell or build another product from them without our
          written permission.
        </p>
        <p>
          The Premier League, club names, crests and kits are the property of their owners. They are used only
          to identify teams and players, and their use does not mean that any of them endorses Hit21.
        </p>
        <p>
          You keep any rights in what you add to Hit21, such as league names, and you allow us to show it in
          the game for as long as it is there.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    content: (
      <p>
        We work hard to keep Hit21 running smoothly, but it is provided "as is" and we cannot promise that it
        will always be available or free from errors. We may change, pause or end features, or the game
        itself, and we will tell you in advance where we reasonably can.
      </p>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of liability',
    content: (
      <>
        <p>
          Hit21 is a free game. As far as the law allows, we are not liable for any indirect loss, loss of
          data, loss of enjoyment or loss of opportunity arising from your use of Hit21, from the game being
          unavailable, or from errors in football data.
        </p>
        <p>
          Nothing in these terms limits our liability for death or personal injury caused by our negligence,
          for fraud, or for anything else that cannot be limited by law, and nothing affects your statutory
          rights.
        </p>
      </>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your account',
    content: (
      <p>
        You can delete your account at any time from your settings. We may suspend or close an account that
        breaks these terms, and where we do we will explain why unless the law or safety prevents it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms, for example for a new season. The date at the top shows when they last
        changed. If a change matters, we will tell you before it takes effect; if you keep playing after that,
        the new terms apply.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    content: (
      <p>
        These terms are governed by the law of England and Wales. If you live elsewhere in the UK, you may
        also bring a claim in the courts of the country where you live.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about these terms: e-mail{' '}
        <a href={`mailto:${TERMS_CONTACT_EMAIL}`}>{TERMS_CONTACT_EMAIL}</a>. For privacy questions, see our{' '}
        <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
      </p>
    ),
  },
];
