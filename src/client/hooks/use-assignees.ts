import { useEffect, useState } from 'react';
import type { Assignee } from '../../shared/staff.ts';
import { readAssignees } from '../staff-api.ts';

/**
 * Who inquiries can be assigned to (active agents and owners), read when the control appears: a person
 * invited or deactivated a minute ago is already right.
 */
export function useAssignees(): Assignee[] {
  const [list, setList] = useState<Assignee[]>([]);
  useEffect(() => {
    let live = true;
    readAssignees().then((people) => live && setList(people), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return list;
}
