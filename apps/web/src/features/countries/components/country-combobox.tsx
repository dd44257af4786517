import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CountryFlag } from '../../../components/ui/country-flag.tsx';
import { cn } from '../../../lib/cn.ts';
import { COUNTRIES, type Country, findCountryByName, searchCountries } from '../../../lib/countries.ts';

export interface CountryComboboxProps {
  id?: string;
  /** The chosen country's full English name, or '' for none. */
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
  name?: string;
  isInvalid?: boolean;
  /** Ids of the hint and error texts under the field. */
  describedBy?: string;
  placeholder?: string;
}

/**
 * A searchable country picker (the ARIA editable combobox pattern): type to filter, arrow
 * keys to move, Enter or Tab to choose, Escape to close. Focus stays in the text box; the
 * highlighted option is announced through aria-activedescendant.
 */
export function CountryCombobox({
  id,
  value,
  onChange,
  onBlur,
  name,
  isInvalid = false,
  describedBy,
  placeholder = 'Search for your country',
}: CountryComboboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listboxId = `${inputId}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);

  const [isOpen, setIsOpen] = useState(false);
  // What the box shows while the person types; null means "show the chosen country".
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);

  const selected = value === '' ? undefined : findCountryByName(value);
  const options = useMemo(() => (query === null ? [...COUNTRIES] : searchCountries(query)), [query]);
  const activeOption = isOpen ? options[activeIndex] : undefined;
  const optionId = (country: Country) => `${inputId}-option-${country.code}`;

  // Keep the highlighted option in view while moving through a long list.
  const activeOptionId = activeOption ? `${inputId}-option-${activeOption.code}` : undefined;
  // Bring the opened list into view when the field sits low on the screen.
  useEffect(() => {
    if (isOpen) popupRef.current?.scrollIntoView({ block: 'nearest' });
  }, [isOpen]);
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  function open(startAt?: number) {
    const selectedIndex = selected ? options.findIndex((country) => country.code === selected.code) : -1;
    setActiveIndex(startAt ?? Math.max(selectedIndex, 0));
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function choose(country: Country) {
    onChange(country.name);
    setQuery(null);
    close();
  }

  function commitTypedText() {
    if (query === null) return;
    const typed = query.trim();
    if (typed === '') {
      onChange('');
    } else {
      // An exact name (any case) counts as a choice; anything else falls back to the last choice.
      const exact = findCountryByName(typed);
      if (exact) onChange(exact.name);
    }
    setQuery(null);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!isOpen) open();
        else setActiveIndex((index) => Math.min(index + 1, options.length - 1));
        break;
      }
      case 'ArrowUp': {
        event.preventDefault();
        if (!isOpen) open();
        else setActiveIndex((index) => Math.max(index - 1, 0));
        break;
      }
      case 'PageDown': {
        if (!isOpen) return;
        event.preventDefault();
        setActiveIndex((index) => Math.min(index + 8, options.length - 1));
        break;
      }
      case 'PageUp': {
        if (!isOpen) return;
        event.preventDefault();
        setActiveIndex((index) => Math.max(index - 8, 0));
        break;
      }
      case 'Enter': {
        if (!isOpen) return;
        // Choosing must not submit the surrounding form.
        event.preventDefault();
        if (activeOption) choose(activeOption);
        break;
      }
      case 'Tab': {
        if (isOpen && activeOption && query !== null) choose(activeOption);
        break;
      }
      case 'Escape': {
        if (isOpen) {
          event.preventDefault();
          close();
        } else if (query !== null) {
          event.preventDefault();
          setQuery(null);
        }
        break;
      }
      default:
        break;
    }
  }

  const shownText = query ?? selected?.name ?? value;

  return (
    <div className="relative">
      {selected && query === null ? (
        <CountryFlag
          code={selected.code}
          className="pointer-events-none absolute top-1/2 left-3.5 h-4 -translate-y-1/2"
        />
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        autoCapitalize="words"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listboxId}
        aria-activedescendant={activeOptionId}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        value={shownText}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveIndex(0);
          setIsOpen(true);
        }}
        onKeyDown={handleKeyDown}
        onClick={() => (isOpen ? undefined : open())}
        onBlur={() => {
          commitTypedText();
          close();
          onBlur?.();
        }}
        className={cn(
          'block min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white py-2 pr-12 text-base text-ink shadow-xs transition-colors placeholder:text-stone-500 hover:border-stone-400 focus-visible:border-felt-900 aria-invalid:border-bust-700',
          selected && query === null ? 'pl-11' : 'pl-3.5',
        )}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={isOpen ? 'Hide countries' : 'Show countries'}
        // Keep focus in the text box.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (isOpen) close();
          else open();
          inputRef.current?.focus();
        }}
        className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-r-lg text-muted hover:text-ink"
      >
        <ChevronDown
          aria-hidden="true"
          className={cn('size-5 transition-transform motion-reduce:transition-none', isOpen && 'rotate-180')}
        />
      </button>
      <div
        ref={popupRef}
        hidden={!isOpen}
        className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-72 overflow-y-auto overscroll-contain rounded-xl border border-line bg-white py-1.5 shadow-xl shadow-stone-900/10"
      >
        <div id={listboxId} role="listbox" aria-label="Countries">
          {options.map((country, index) => {
            const isSelected = selected?.code === country.code;
            return (
              // Choosing by keyboard happens in the text box (aria-activedescendant): options take no focus.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
              <div
                key={country.code}
                tabIndex={-1}
                id={optionId(country)}
                role="option"
                aria-selected={isSelected}
                // Keep focus in the text box so the blur handler does not close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => choose(country)}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 px-3.5 py-2 text-base',
                  index === activeIndex ? 'bg-felt-50 text-felt-900' : 'text-ink',
                )}
              >
                <span className="flex w-7 shrink-0 justify-center">
                  <CountryFlag code={country.code} className="h-4" />
                </span>
                <span className="min-w-0 flex-1">{country.name}</span>
                {isSelected ? <Check aria-hidden="true" className="size-4 shrink-0 text-pitch-700" /> : null}
              </div>
            );
          })}
        </div>
        {options.length === 0 ? (
          <p role="status" className="px-3.5 py-3 text-muted text-sm">
            No countries match “{query?.trim()}”
          </p>
        ) : null}
      </div>
    </div>
  );
}
