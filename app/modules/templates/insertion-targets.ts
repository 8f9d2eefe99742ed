/** A field that takes a `{{Parameter}}` at its caret: the body editor or the subject. */
export interface InsertionTarget {
  insert(text: string): void;
}

/**
 * Where a clicked parameter goes: the field that last had the focus, else the first one that
 * registered (the body). Handed to the widgets through the form context.
 */
export class InsertionTargets {
  private readonly targets = new Map<string, InsertionTarget>();
  private last: string | null = null;

  register(name: string, target: InsertionTarget): () => void {
    this.targets.set(name, target);
    return () => {
      this.targets.delete(name);
      if (this.last === name) this.last = null;
    };
  }

  focused(name: string): void {
    this.last = name;
  }

  insert(text: string): void {
    const focused = this.last === null ? undefined : this.targets.get(this.last);
    const target = focused ?? this.targets.values().next().value;
    target?.insert(text);
  }
}

/** The props of a schema-form widget this module uses (RJSF's WidgetProps, in part). */
export interface TemplateWidgetProps {
  id: string;
  label: string;
  value: unknown;
  required?: boolean;
  readonly?: boolean;
  disabled?: boolean;
  rawErrors?: string[];
  onChange(value: string | undefined): void;
  onBlur(id: string, value: unknown): void;
  onFocus(id: string, value: unknown): void;
  registry: { formContext?: { insertionTargets?: InsertionTargets } };
}

/** `{{Name}}`, as a template holds a parameter. */
export const placeholderOf = (name: string) => `{{${name}}}`;
