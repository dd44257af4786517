import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';

const FAQS = [
  {
    id: 'email',
    question: "Why can't I change my email address?",
    answer:
      'Your email address is how you sign in and how we reach you about your account, such as password resets. To keep your account secure it stays the same for as long as the account exists.',
  },
  {
    id: 'locked',
    question: 'Why are my country and favourite team locked?',
    answer:
      'They decide which leaderboards you are on: your country puts you on your country leaderboard and your favourite team on that club leaderboard. Locking them keeps every leaderboard fair for the whole season, so nobody can hop to an easier one.',
  },
  {
    id: 'editable',
    question: 'Which profile details can I edit?',
    answer:
      'Your full name and your date of birth. Change them on the Profile Info tab and select Save Changes. You can also change your password, your marketing email choice, or delete your account there.',
  },
] as const;

/** Three questions about the profile, each opening its answer. */
export function SettingsFaqs() {
  return (
    <Accordion.Root type="multiple" className="flex flex-col gap-3">
      {FAQS.map((faq) => (
        <Accordion.Item
          key={faq.id}
          value={faq.id}
          className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm shadow-stone-900/5"
        >
          <Accordion.Header className="font-sans">
            <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-3 text-left font-semibold text-base text-ink hover:bg-stone-50 sm:px-6">
              {faq.question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-muted sm:px-6">{faq.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
