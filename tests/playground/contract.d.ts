// The contract's types under the names the playground's JSDoc uses, generated from
// openapi/openapi.json, so that `tsc --checkJs` fails when the contract and the page disagree.
type Schemas = import("./generated/schema").components["schemas"];
type Game = Schemas["Game"];
type GamePage = Schemas["GamePage"];
type GameKindInfo = Schemas["GameKindInfo"];
type LegalMovesResponse = Schemas["LegalMovesResponse"];
type EventPage = Schemas["EventPage"];
type MoveLog = Schemas["MoveLog"];
type Session = Schemas["Session"];
type StreamTicket = Schemas["StreamTicket"];
type AccountEvent = Schemas["AccountEvent"];
