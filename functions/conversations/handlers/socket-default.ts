/** Any frame the browser sends (its keep-alive ping): accepted, nothing answered. */
export const handler = () => Promise.resolve({ statusCode: 200 });
