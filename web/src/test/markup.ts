/**
 * Children of the description lists under `root` that HTML does not allow there: a dl holds dt and dd, directly
 * or in div groups of only dt and dd. Empty when the markup is valid.
 */
export function invalidDescriptionListChildren(root: ParentNode): string[] {
  const offences: string[] = [];
  for (const list of root.querySelectorAll('dl')) {
    for (const child of list.children) {
      if (child.tagName === 'DIV') {
        for (const inner of child.children) {
          if (inner.tagName !== 'DT' && inner.tagName !== 'DD')
            offences.push(`dl > div > ${inner.tagName.toLowerCase()}`);
        }
      } else if (child.tagName !== 'DT' && child.tagName !== 'DD') {
        offences.push(`dl > ${child.tagName.toLowerCase()}`);
      }
    }
  }
  return offences;
}
