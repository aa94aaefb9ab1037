// The same resource as /client/v1/sources, under the path some app versions use.
export { GET, POST, PUT, PATCH, DELETE, OPTIONS } from "@/app/client/v1/sources/route";
