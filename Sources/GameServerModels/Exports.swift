// NB: Room and connection ids are Tagged values; importing ServerModels brings their
// conformances along.
@_exported import Tagged
