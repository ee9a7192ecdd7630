import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Assignee } from '../../shared/staff.ts';
import { $inboxFirstPage } from '../inbox/first-page.ts';
import { readAssignees } from '../staff-api.ts';

/**
 * Who inquiries can be assigned to (active agents and owners), read when the control appears: a person
 * invited or deactivated a minute ago is already right. Asked only once the inbox's first page is in
 * (src/client/inbox/first-page.ts): until then the names are an empty list, filled in after.
 */
export function useAssignees(): Assignee[] {
  const [list, setList] = useState<Assignee[]>([]);
  const ready = useStore($inboxFirstPage);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    readAssignees().then((people) => live && setList(people), () => undefined);
    return () => {
      live = false;
    };
  }, [ready]);
  return list;
}
