/**
 * The entry of a signed-in visit to `/`. The server has painted the page's frame and first banner into the HTML
 * (app/home-shell.tsx, rendered by the server) and moved the app's own script and module preloads into an inert `<template>`
 * (server/src/web/home-page.ts), so nothing on screen waits for code and the code does not share the phone's
 * bandwidth with the style sheet and the banner before that first paint. Once the browser has shown it, this
 * puts the template's tags into the head: the app and the home route's chunks load in parallel, the app renders
 * behind the shell and removes it (web/src/app/boot-shell.ts). Imports nothing of the app, so the build's
 * chunks stay as they are.
 */
function loadApp(): void {
  // HOME_DEFERRED_ELEMENT_ID (shared/src/constants.ts), written out: importing it would split the shared
  // constants into a chunk of their own that every page then loads.
  const deferred = document.getElementById('home-deferred');
  if (!(deferred instanceof HTMLTemplateElement)) return;
  deferred.remove();
  // Scripts cloned out of a template run when inserted (template content is never executed in place). The app's
  // entry comes first; each tag starts a request, so they go in a few per task, none of them long on a phone.
  const tags = [...document.importNode(deferred.content, true).children];
  const insert = () => {
    document.head.append(...tags.splice(0, TAGS_PER_TASK));
    if (tags.length > 0) setTimeout(insert, 0);
  };
  insert();
}

const TAGS_PER_TASK = 8;

/** Runs `then` once the first contentful paint has been shown (its timing entry comes after presentation). */
function afterFirstContentfulPaint(then: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(then, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}

// A tab opened in the background paints nothing until shown: load at once there.
if (document.visibilityState === 'hidden') loadApp();
else afterFirstContentfulPaint(loadApp);
