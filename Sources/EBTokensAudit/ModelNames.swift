import EBTokensModel

/// Foundation also has a `Dimension`; in this module the name means the token value.
typealias Dimension = EBTokensModel.Dimension
