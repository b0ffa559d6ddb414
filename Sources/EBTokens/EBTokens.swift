// The umbrella module: `import EBTokens` gives a library user the whole public API, stage by stage.
@_exported import EBTokensAudit
@_exported import EBTokensBuild
@_exported import EBTokensConfig
@_exported import EBTokensEmitting
@_exported import EBTokensModel
@_exported import EBTokensParsing
@_exported import EBTokensResolution
@_exported import EBTokensSupport
@_exported import EBTokensSyntax
