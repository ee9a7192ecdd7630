import { useEffect, useState } from 'react';
import type { Assignee } from '../shared/staff.ts';
import { readAssignees } from './staff-api.ts';

let cached: Promise<Assignee[]> | undefined;

/** Who inquiries can be assigned to (active agents and owners), read once per page. */
export function useAssignees(): Assignee[] {
  const [list, setList] = useState<Assignee[]>([]);
  useEffect(() => {
    let live = true;
    cached ??= readAssignees().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    cached.then((people) => live && setList(people), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return list;
}
