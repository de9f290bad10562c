/** The request header in which the proxy hands the page's own address to the server components. */
export const PAGE_PATH_HEADER = "x-console-page";
