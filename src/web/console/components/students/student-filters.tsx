import { Search } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import {
  STUDENT_STAGES,
  STUDENT_STAGE_NAMES,
  type TStudentStage,
} from '../../../../shared/student-stages.js';
import type { TStaffOrganisationsResponse } from '../../../../shared/staff-students.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select } from '../../../components/ui/select.js';
import type { TStudentListFilters } from '../../api/student-list-query.js';

/** A text search that applies on submit (Enter or its button), not on every key. */
function SearchForm({
  label,
  name,
  initial,
  hint,
  buttonLabel,
  onSearch,
}: {
  label: string;
  name: string;
  initial: string;
  hint?: string;
  buttonLabel: string;
  onSearch: (value: string | undefined) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onSearch(value.trim() || undefined);
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          name={name}
          type="search"
          autoComplete="off"
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
          }}
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          {buttonLabel}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The list's search and filters. Each change lands in the page's address at once (`onChange`),
 * except the passport number, which stays in memory (student-list-query.ts).
 */
export function StudentFilters({
  filters,
  organisations,
  onChange,
}: {
  filters: TStudentListFilters;
  organisations: TStaffOrganisationsResponse | undefined;
  onChange: (next: TStudentListFilters) => void;
}) {
  const ids = { stage: useId(), school: useId(), agency: useId(), sort: useId(), needs: useId() };
  const set = (patch: TStudentListFilters) => {
    onChange({ ...filters, ...patch });
  };
  return (
    <section aria-label="Search and filters" className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        {/* Keyed by the address's value, so going back in history shows that search again. */}
        <SearchForm
          key={`q-${filters.q ?? ''}`}
          label="Search students"
          name="q"
          initial={filters.q ?? ''}
          hint="Name, e-mail or student id"
          buttonLabel="Search"
          onSearch={(q) => {
            set({ q });
          }}
        />
        <SearchForm
          key={`passport-${filters.passport ?? ''}`}
          label="Passport number"
          name="passport"
          initial={filters.passport ?? ''}
          hint="The exact number, as in the passport"
          buttonLabel="Find"
          onSearch={(passport) => {
            set({ passport });
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <div className="grid gap-2">
          <Label htmlFor={ids.stage}>Stage</Label>
          <Select
            id={ids.stage}
            value={filters.stage ?? ''}
            onChange={(event) => {
              set({ stage: (event.target.value || undefined) as TStudentStage | undefined });
            }}
          >
            <option value="">All stages</option>
            {STUDENT_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {STUDENT_STAGE_NAMES[stage]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.school}>School</Label>
          <Select
            id={ids.school}
            value={filters.schoolId ?? ''}
            onChange={(event) => {
              set({ schoolId: event.target.value || undefined });
            }}
          >
            <option value="">All schools</option>
            {organisations?.schools.map((school) => (
              <option key={school.id} value={school.id}>
                {school.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.agency}>Agency</Label>
          <Select
            id={ids.agency}
            value={filters.agencyId ?? ''}
            onChange={(event) => {
              set({ agencyId: event.target.value || undefined });
            }}
          >
            <option value="">All agencies</option>
            {organisations?.agencies.map((agency) => (
              <option key={agency.id} value={agency.id}>
                {agency.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.sort}>Sort by</Label>
          <Select
            id={ids.sort}
            value={filters.sort ?? 'name'}
            onChange={(event) => {
              set({ sort: event.target.value === 'activity' ? 'activity' : undefined });
            }}
          >
            <option value="name">Name</option>
            <option value="activity">Last activity</option>
          </Select>
        </div>
        <div className="flex min-h-11 items-center gap-2">
          <input
            id={ids.needs}
            type="checkbox"
            className="size-5 accent-primary"
            checked={filters.needsMyAction === 'true'}
            onChange={(event) => {
              set({ needsMyAction: event.target.checked ? 'true' : undefined });
            }}
          />
          <Label htmlFor={ids.needs}>Needs my action</Label>
        </div>
      </div>
    </section>
  );
}
