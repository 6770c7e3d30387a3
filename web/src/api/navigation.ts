/** Navigation for code that lives outside React (the API client's forced logout). */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

/** The router installs its own navigate so leaving does not reload the page. */
export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

/** Goes to a path with the installed navigator (full page load until the router installs one). */
export function navigateTo(path: string): void {
  navigateImpl(path);
}
