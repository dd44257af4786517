import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { LegalSection } from '../components/legal-document.tsx';

export const PRIVACY_CONTACT_EMAIL = 'privacy@hit21.app';
export const PRIVACY_POLICY_LAST_UPDATED = 'August 2025';

export const PRIVACY_POLICY_INTRO = (
  <p>
    Hit21 is a free football game, and we want it to stay the kind of game you are happy to tell your friends
    about. This policy explains what we collect when you use Hit21, why we need it, who can see it and what
    you can ask us to do with it. We have kept it as short and plain as we can.
  </p>
);

export const PRIVACY_POLICY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          Hit21 ("we", "us") runs the Hit21 game and this website, and is responsible for the personal
          information described here. If you have a question about this policy or your information, e-mail{' '}
          <a href={`mailto:${PRIVACY_CONTACT_EMAIL}`}>{PRIVACY_CONTACT_EMAIL}</a>.
        </p>
        <p>
          Hit21 is an independent game. It is not run by, or connected with, the Premier League or any of its
          clubs.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    content: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address and a password. We only ever store your
            password as a secure, one-way hash, so nobody at Hit21 can read it.
          </li>
          <li>
            <strong>Your profile:</strong> your full name, date of birth, country, favourite Premier League
            team and, if you choose to tell us, how you heard about Hit21.
          </li>
          <li>
            <strong>Your game:</strong> the 4 players you pick, the Mini Leagues you create, join or ask to
            join, and the settings you choose for leagues you run.
          </li>
          <li>
            <strong>Your preferences:</strong> whether you want marketing e-mails from us.
          </li>
          <li>
            <strong>The waitlist:</strong> your name and e-mail address if you join the waitlist.
          </li>
        </ul>
        <h3>Information collected when you use Hit21</h3>
        <ul>
          <li>
            <strong>A sign-in cookie</strong> that keeps you signed in. It is essential for the game to work,
            so we do not ask for consent to use it.
          </li>
          <li>
            <strong>Usage events</strong> such as the pages you visit and the features you use (for example,
            opening an FAQ). These are recorded by our own server, not by an advertising or tracking company.
          </li>
          <li>
            <strong>Technical details</strong> such as your IP address and browser type, which we use briefly
            to keep the service secure, for example to limit repeated sign-in attempts.
          </li>
        </ul>
        <p>
          Players' names, clubs and goals come from public football data. We do not collect payment details,
          because Hit21 is free.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use your information',
    content: (
      <>
        <ul>
          <li>To create and run your account, and to confirm that you are 18 or over.</li>
          <li>
            To run the game: adding up your goals, working out your status and ranking you on leaderboards.
          </li>
          <li>To run Mini Leagues, including telling league admins about requests to join.</li>
          <li>
            To send you the e-mails the service needs, such as e-mail verification and password reset links.
          </li>
          <li>
            To send you news and reminders about Hit21, only if you have opted in. You can switch these off at
            any time in your settings or from the link in any marketing e-mail.
          </li>
          <li>To keep Hit21 secure, prevent cheating and abuse, and fix problems.</li>
          <li>To understand, in aggregate, which parts of Hit21 people use, so we can improve it.</li>
        </ul>
        <p>
          Under UK data protection law we rely on the agreement between us (our{' '}
          <Link to={paths.termsOfUse.getHref()}>Terms of Use</Link>) to run your account and the game, on our
          legitimate interests to keep Hit21 secure and improve it, and on your consent for marketing e-mails.
        </p>
      </>
    ),
  },
  {
    id: 'public-information',
    title: 'What other players can see',
    content: (
      <>
        <p>Hit21 is a competition, so some information is shown to other players:</p>
        <ul>
          <li>
            <strong>On leaderboards:</strong> your display name, your country and the team you support.
          </li>
          <li>
            <strong>About Mini Leagues:</strong> league names, how many members they have, and their league
            codes, which anyone with the code can use to find and ask to join the league.
          </li>
          <li>
            <strong>Your results:</strong> your goal total and your rankings, including your status (Safe,
            Going Bust or Bust).
          </li>
        </ul>
        <p>
          The players in your team are not shown to other players: on leaderboards and in Mini Leagues only
          you can see your own picks.
        </p>
        <p>
          When you ask to join a Mini League, its admin sees your name and e-mail address so they can decide
          whether to accept you. We never show your date of birth to other players.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing your information',
    content: (
      <>
        <p>We do not sell your personal information, and we do not share it with advertisers.</p>
        <p>We only share it:</p>
        <ul>
          <li>
            with service providers who host Hit21 or send our e-mails for us, under contracts that only allow
            them to use it to provide that service;
          </li>
          <li>if the law requires it, or to protect the safety of our players or the public;</li>
          <li>
            with a new owner if Hit21 is ever sold or reorganised, in which case this policy will continue to
            protect your information.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <p>
          We keep your account information for as long as you have an account. Past seasons' results may be
          kept in anonymised form for season histories and statistics.
        </p>
        <p>
          When you delete your account, your profile, team, league memberships, notifications and sign-in
          sessions are deleted. Any Mini League you run passes to its longest-standing member, or is deleted
          if it has no other members. Waitlist entries are deleted when you ask us to remove them.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>ask for a copy of the personal information we hold about you;</li>
          <li>
            correct information that is wrong (you can edit your name and date of birth in your settings);
          </li>
          <li>delete your account and its information, which you can do yourself in your settings;</li>
          <li>object to, or ask us to limit, how we use your information;</li>
          <li>take your information to another service in a common format;</li>
          <li>withdraw your consent to marketing e-mails at any time.</li>
        </ul>
        <p>
          To use any of these rights, e-mail{' '}
          <a href={`mailto:${PRIVACY_CONTACT_EMAIL}`}>{PRIVACY_CONTACT_EMAIL}</a>. We reply within one month.
          If you are unhappy with how we have handled your information, you can complain to the Information
          Commissioner's Office (ico.org.uk).
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Keeping your information safe',
    content: (
      <p>
        We protect your information with encrypted connections, hashed passwords, limits on repeated sign-in
        and reset attempts, and access controls on our systems. No service is perfectly secure, so please use
        a strong password that you do not use anywhere else.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Age limit',
    content: (
      <p>
        Hit21 is for people aged 18 or over. We do not knowingly collect information from anyone younger. If
        you believe someone under 18 has an account, please tell us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We may update this policy as Hit21 grows. The date at the top shows when it last changed. If we make a
        change that matters, we will tell you by e-mail or in the game before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions, requests or concerns about your privacy: e-mail{' '}
        <a href={`mailto:${PRIVACY_CONTACT_EMAIL}`}>{PRIVACY_CONTACT_EMAIL}</a>.
      </p>
    ),
  },
];
