import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessRulesView } from '#metadata';
import { dialogs } from '../../dialogs';
import { failureText } from '../../engine/failure-text';
import { HttpError } from '../../http';
import { accessRulesApi, type RoleOption } from './access-rules-api';
import {
  type AccessRulesDraft,
  draftOf,
  hasRuleErrors,
  localRuleErrors,
  noRuleErrors,
  ruleErrorsOf,
  rulesBodyOf,
  type RuleErrors,
} from './access-rules-draft';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; draft: AccessRulesDraft; baseline: string; readers: number[] };

interface Options {
  id: number;
  /** The data source's version as the designer holds it: the rules are saved at it. */
  version: number;
  fields: readonly string[];
  onSaved(version: number): void;
  reload(): void;
}

/**
 * The rules of one data source as the panel edits them: loaded with the roles to choose from,
 * saved at the data source's version; a refusal goes on what it names, a stale save offers a
 * reload.
 */
export function useAccessRules({ id, version, fields, onSaved, reload }: Options) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [roles, setRoles] = useState<RoleOption[] | null>(null);
  const [rolesFailed, setRolesFailed] = useState(false);
  const [errors, setErrors] = useState<RuleErrors>(noRuleErrors);
  const [busy, setBusy] = useState(false);

  const baselineOf = useCallback(
    (draft: AccessRulesDraft) => JSON.stringify(rulesBodyOf(draft, fields, 0)),
    [fields],
  );
  const show = useCallback(
    (rules: AccessRulesView) => {
      const draft = draftOf(rules);
      setLoaded({
        status: 'ready',
        draft,
        baseline: baselineOf(draft),
        readers: rules.ReaderRoleIds,
      });
    },
    [baselineOf],
  );

  useEffect(() => {
    let live = true;
    accessRulesApi.load(id).then(
      (rules) => live && show(rules),
      () => live && setLoaded({ status: 'failed' }),
    );
    accessRulesApi.roles().then(
      (found) => live && setRoles(found),
      () => live && setRolesFailed(true),
    );
    return () => {
      live = false;
    };
    // Loaded once per data source: a save answers the rules as stored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const draft = loaded.status === 'ready' ? loaded.draft : null;
  const readers = loaded.status === 'ready' ? loaded.readers : [];
  const dirty = loaded.status === 'ready' && baselineOf(loaded.draft) !== loaded.baseline;

  const edit = useCallback((change: (draft: AccessRulesDraft) => AccessRulesDraft) => {
    setLoaded((current) =>
      current.status === 'ready' ? { ...current, draft: change(current.draft) } : current,
    );
    setErrors(noRuleErrors);
  }, []);

  const roleOptions = useMemo(() => {
    const named = (roles ?? []).map((role) => ({ value: String(role.Id), label: role.Name }));
    const known = new Set(named.map((option) => option.value));
    const used = draft
      ? [
          ...draft.rows.flatMap((rule) => rule.roles),
          ...Object.values(draft.fields).flatMap((rule) => [...rule.hidden, ...rule.readOnly]),
        ]
      : [];
    const unnamed = [...new Set(used)]
      .filter((role) => !known.has(role))
      .map((role) => ({ value: role, label: t('ACCESS_RULES.ROLE_NUMBER', { id: role }) }));
    return [...named, ...unnamed];
  }, [draft, roles, t]);

  const save = useCallback(async () => {
    if (!draft) return;
    const local = localRuleErrors(draft, t('ACCESS_RULES.ROLES_REQUIRED'));
    if (hasRuleErrors(local)) {
      setErrors(local);
      return;
    }
    const body = rulesBodyOf(draft, fields, version);
    setBusy(true);
    try {
      const saved = await accessRulesApi.save(id, body);
      show(saved);
      setErrors(noRuleErrors);
      onSaved(saved.Version);
      dialogs.success(t('ACCESS_RULES.SAVED'));
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        const refusal = (error.body ?? {}) as { Errors?: unknown; Message?: string };
        const placed = ruleErrorsOf(refusal.Errors, body);
        setErrors(
          hasRuleErrors(placed) ? placed : { ...noRuleErrors, other: [refusal.Message ?? ''] },
        );
      } else if (error instanceof HttpError && error.status === 409) {
        const ok = await dialogs.confirm(t('ACCESS_RULES.STALE'), {
          okLabel: t('ACCESS_RULES.RELOAD'),
        });
        if (ok) reload();
      } else {
        await dialogs.error(failureText(error, t('ENGINE.SAVE_FAILED')));
      }
    } finally {
      setBusy(false);
    }
  }, [draft, fields, id, onSaved, reload, show, t, version]);

  return {
    loaded: loaded.status,
    draft,
    edit,
    errors,
    dirty,
    busy,
    save,
    roleOptions,
    rolesFailed,
    readers,
  };
}
